import type {Config} from 'mixpanel-browser';
import type {AnalyticsConfig} from '../types';

type MixpanelSettings = NonNullable<AnalyticsConfig['mixpanel']>;

/** Session replays stop after this long (Mixpanel's own ceiling, named here because the spec fixes it). */
export const RECORD_MAX_MS = 24 * 60 * 60 * 1000;

/**
 * The options the site initialises Mixpanel with: the spec's defaults
 * (batches of 50 every 5 s, 90 s request timeout, 365-day cookie, 300 ms
 * link-tracking timeout, full-URL page views) plus privacy settings.
 */
export function mixpanelOptions(settings: MixpanelSettings, recorderSrc: string): Partial<Config> {
  return {
    debug: settings.debug,
    api_host: settings.apiHost,
    track_pageview: 'full-url',
    batch_requests: true,
    batch_size: 50,
    batch_flush_interval_ms: 5000,
    batch_request_timeout_ms: 90000,
    cookie_expiration: 365,
    track_links_timeout: 300,
    // No geolocation from the reader's IP address; the site decides about Do Not Track itself.
    ip: false,
    ignore_dnt: true,
    // Clicks, inputs and scrolls are not captured automatically: only the site's own events.
    autocapture: false,
    record_sessions_percent: settings.recordSessionsPercent ?? 0,
    record_max_ms: RECORD_MAX_MS,
    // Replays never show what readers type, nor the search modal's or Ask AI's
    // text (which repeats it); the recorder is served by the site, not a CDN.
    record_mask_all_inputs: true,
    record_mask_text_selector: ['.DocSearch-Container', '[role="dialog"]'],
    recorder_src: recorderSrc,
  };
}
