import {analyticsConfigured, type AnalyticsConfig} from './types';

/** The parts of `navigator` that carry a reader's privacy choice. */
export interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** Whether the browser asks not to be tracked: Do Not Track or Global Privacy Control. */
export function privacySignalOn({doNotTrack, globalPrivacyControl}: PrivacySignals): boolean {
  return doNotTrack === '1' || doNotTrack === 'yes' || globalPrivacyControl === true;
}

/** Whether this reader's browser may load and send analytics. */
export function analyticsAllowed(config: AnalyticsConfig, signals: PrivacySignals): boolean {
  return analyticsConfigured(config) && !(config.respectDnt && privacySignalOn(signals));
}
