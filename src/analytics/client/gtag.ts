type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Loads gtag.js for one tag, without its automatic page view: the site sends
 * one per navigation itself (pageView). A blocked script leaves a harmless
 * queue behind.
 */
export function startGtag(id: string): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, {send_page_view: false});
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  script.onerror = () => undefined;
  document.head.appendChild(script);
}

/** `path` is the route that rendered, not window.location: the reader may have moved on already. */
export function gtagPageView(path: string): void {
  window.gtag?.('event', 'page_view', {
    page_location: new URL(path, window.location.origin).href,
    page_title: document.title,
  });
}

export function gtagEvent(name: string, props: Record<string, unknown>): void {
  window.gtag?.('event', name.toLowerCase().replace(/\W+/g, '_'), props);
}
