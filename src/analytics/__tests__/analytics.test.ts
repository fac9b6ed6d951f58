// @vitest-environment jsdom
import {afterEach, describe, expect, it, vi} from 'vitest';
import {analyticsAllowed, privacySignalOn} from '@site/src/analytics/consent';
import {TRACK_EVENT, reportSearch, track} from '@site/src/analytics/events';
import {RECORD_MAX_MS, mixpanelOptions} from '@site/src/analytics/client/mixpanel';
import type {AnalyticsConfig, TrackedEvent} from '@site/src/analytics/types';

const mixpanel = {token: 'token', debug: true, apiHost: 'https://api-js.mixpanel.com'};

describe('consent', () => {
  const configured: AnalyticsConfig = {mixpanel, respectDnt: true};

  it('reads Do Not Track and Global Privacy Control', () => {
    expect(privacySignalOn({doNotTrack: '1'})).toBe(true);
    expect(privacySignalOn({doNotTrack: 'yes'})).toBe(true);
    expect(privacySignalOn({globalPrivacyControl: true})).toBe(true);
    expect(privacySignalOn({doNotTrack: '0', globalPrivacyControl: false})).toBe(false);
    expect(privacySignalOn({doNotTrack: null})).toBe(false);
  });

  it('allows analytics only when configured and not refused by the browser', () => {
    expect(analyticsAllowed({respectDnt: true}, {})).toBe(false);
    expect(analyticsAllowed(configured, {})).toBe(true);
    expect(analyticsAllowed(configured, {doNotTrack: '1'})).toBe(false);
    expect(analyticsAllowed(configured, {globalPrivacyControl: true})).toBe(false);
    expect(analyticsAllowed({gtag: {id: 'G-1'}, respectDnt: true}, {globalPrivacyControl: true})).toBe(false);
  });

  it('ignores the signals when the operator turns that off', () => {
    expect(analyticsAllowed({...configured, respectDnt: false}, {doNotTrack: '1', globalPrivacyControl: true})).toBe(
      true,
    );
  });
});

describe('Mixpanel options', () => {
  it("are the spec's defaults", () => {
    const options = mixpanelOptions(mixpanel, '/recorder.js');
    expect(options).toMatchObject({
      debug: true,
      track_pageview: 'full-url',
      batch_requests: true,
      batch_size: 50,
      batch_flush_interval_ms: 5000,
      batch_request_timeout_ms: 90000,
      cookie_expiration: 365,
      track_links_timeout: 300,
      record_max_ms: 24 * 60 * 60 * 1000,
      api_host: 'https://api-js.mixpanel.com',
    });
    expect(RECORD_MAX_MS).toBe(86_400_000);
  });

  it('record sessions only when a percentage is configured, with the recorder from the site', () => {
    expect(mixpanelOptions(mixpanel, '/r.js').record_sessions_percent).toBe(0);
    const recording = mixpanelOptions({...mixpanel, recordSessionsPercent: 10}, '/r.js');
    expect(recording.record_sessions_percent).toBe(10);
    expect(recording.recorder_src).toBe('/r.js');
    expect(recording.record_mask_all_inputs).toBe(true);
  });

  it('send no IP-derived location and capture nothing automatically', () => {
    const options = mixpanelOptions({...mixpanel, debug: false}, '/r.js');
    expect(options.ip).toBe(false);
    expect(options.autocapture).toBe(false);
    expect(options.debug).toBe(false);
  });
});

describe('events', () => {
  const seen: TrackedEvent[] = [];
  const listener = (event: Event) => seen.push((event as CustomEvent<TrackedEvent>).detail);
  afterEach(() => {
    window.removeEventListener(TRACK_EVENT, listener);
    seen.length = 0;
    vi.useRealTimers();
  });

  it('reach a listener as window events', () => {
    window.addEventListener(TRACK_EVENT, listener);
    track({name: 'Code copied', props: {language: 'python'}});
    expect(seen).toEqual([{name: 'Code copied', props: {language: 'python'}}]);
  });

  it('report one search per settled query, with its length and not its words', () => {
    vi.useFakeTimers();
    window.addEventListener(TRACK_EVENT, listener);
    reportSearch('modal', 'em', 40);
    reportSearch('modal', 'embed', 12);
    reportSearch('modal', 'embedx', 0);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([
      {name: 'Search', props: {surface: 'modal', query_length: 6, result_count: 0, no_results: true}},
    ]);
    expect(JSON.stringify(seen)).not.toContain('embedx');
  });

  it('ignore empty queries', () => {
    vi.useFakeTimers();
    window.addEventListener(TRACK_EVENT, listener);
    reportSearch('page', '   ', 0);
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual([]);
  });
});

describe('gtag page views', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'gtag');
  });

  it('report the route that rendered, even when the address has moved on since', async () => {
    const {gtagPageView} = await import('@site/src/analytics/client/gtag');
    const sent: unknown[][] = [];
    Object.assign(window, {gtag: (...args: unknown[]) => void sent.push(args)});
    window.history.pushState(null, '', '/platform/quick-start');
    gtagPageView('/reference/getting-started/?q=1#limits');
    expect(sent).toEqual([
      [
        'event',
        'page_view',
        {page_location: `${window.location.origin}/reference/getting-started/?q=1#limits`, page_title: document.title},
      ],
    ]);
  });
});
