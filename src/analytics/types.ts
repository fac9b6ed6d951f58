/** Analytics the site is built with; each part present only when its variable is set. */
export interface AnalyticsConfig {
  mixpanel?: {
    /** Mixpanel project token (public: it identifies the project, it grants no read access). */
    token: string;
    debug: boolean;
    /** Where events go; Mixpanel's default unless MIXPANEL_API_HOST is set (e.g. the EU residency host). */
    apiHost: string;
    /** Share of sessions recorded, 0–100; no recording when absent. */
    recordSessionsPercent?: number;
  };
  gtag?: {id: string};
  /** Whether Do Not Track and Global Privacy Control turn analytics off (the default). */
  respectDnt: boolean;
}

/** Whether any analytics service is configured at all. */
export function analyticsConfigured(config: AnalyticsConfig): boolean {
  return Boolean(config.mixpanel || config.gtag);
}

/** The events the site reports. No answer text, no free-form input except a feedback comment the reader writes to send. */
export type TrackedEvent =
  | {
      name: 'Search';
      props: {surface: 'modal' | 'page'; query_length: number; result_count: number; no_results: boolean};
    }
  | {name: 'Ask AI question'; props: {provider: string; question_length: number; example: boolean}}
  | {name: 'Ask AI citation click'; props: {position: number; target: string}}
  | {name: 'Code copied'; props: {language: string}}
  | {name: 'External link click'; props: {url: string}}
  | {name: 'Page feedback'; props: {page: string; vote: Vote}}
  | {name: 'Page feedback comment'; props: {page: string; vote: Vote; comment: string}};

export type Vote = 'yes' | 'no';
