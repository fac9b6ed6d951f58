import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import siteConfig from '@generated/docusaurus.config';
import {analyticsAllowed, type PrivacySignals} from '../consent';
import {TRACK_EVENT} from '../events';
import type {AnalyticsConfig, TrackedEvent} from '../types';
import {gtagEvent, gtagPageView, startGtag} from './gtag';

// In the bundle only when a service is configured (see ../plugin.ts).
const config = siteConfig.customFields!.analytics as AnalyticsConfig;
const allowed = ExecutionEnvironment.canUseDOM && analyticsAllowed(config, navigator as PrivacySignals);

type Sink = (event: TrackedEvent) => void;
const pending: TrackedEvent[] = [];
let mixpanelSink: Sink | undefined;

/** Analytics must never break the page: every call into a vendor library goes through here. */
function safely(action: () => void): void {
  try {
    action();
  } catch {
    // A blocked, failing or changed vendor script is not the reader's problem.
  }
}

function send(event: TrackedEvent): void {
  if (config.gtag) safely(() => gtagEvent(event.name, event.props));
  if (config.mixpanel) {
    if (mixpanelSink) safely(() => mixpanelSink!(event));
    else pending.push(event);
  }
}

/** Mixpanel loads right after the page, in its own chunk, so first-load bytes barely grow. */
async function startMixpanel(settings: NonNullable<AnalyticsConfig['mixpanel']>): Promise<void> {
  const [{default: mixpanel}, {mixpanelOptions}] = await Promise.all([
    // The build that fetches the session recorder only when a session is recorded.
    import('mixpanel-browser/src/loaders/loader-module-with-async-modules'),
    import('./mixpanel'),
  ]);
  const recorderSrc = new URL('mixpanel-browser/dist/mixpanel-recorder.min.js', import.meta.url).href;
  mixpanel.init(settings.token, mixpanelOptions(settings, recorderSrc));
  mixpanelSink = (event) => mixpanel.track(event.name, event.props);
  for (const event of pending.splice(0)) safely(() => mixpanelSink!(event));
}

/** Clicks on links that leave the site: where to (origin and path only), never the page's text. */
function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link) return;
  const url = new URL(link.href, window.location.href);
  if (!/^https?:$/.test(url.protocol) || url.origin === window.location.origin) return;
  send({name: 'External link click', props: {url: `${url.origin}${url.pathname}`}});
}

if (allowed) {
  safely(() => {
    if (config.gtag) startGtag(config.gtag.id);
    if (config.mixpanel) startMixpanel(config.mixpanel).catch(() => undefined);
    window.addEventListener(TRACK_EVENT, (event) => send((event as CustomEvent<TrackedEvent>).detail));
    document.addEventListener('click', (event) => safely(() => onClick(event)), true);
  });
}

const analyticsClient: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    // Mixpanel sees navigations itself (track_pageview); gtag gets one page view per
    // new path or query, after the new page has set its title.
    if (!allowed || !config.gtag) return;
    if (
      previousLocation &&
      previousLocation.pathname === location.pathname &&
      previousLocation.search === location.search
    )
      return;
    const path = `${location.pathname}${location.search}${location.hash}`;
    setTimeout(() => safely(() => gtagPageView(path)), 0);
  },
};

export default analyticsClient;
