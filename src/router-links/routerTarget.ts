/**
 * Links that React does not render (the announcement bar's HTML, raw HTML in
 * a page) are plain anchors: following one would reload the whole site, its
 * start-up scripts and hosted services. This decides whether a click on such
 * a link can go through the router instead, and where to.
 */

export interface LinkClick {
  /** The click was already handled (a router Link calls preventDefault). */
  defaultPrevented: boolean;
  button: number;
  modified: boolean;
  href: string | null;
  target: string | null;
  download: boolean;
}

/**
 * The in-site location (path, query and hash) a click should route to, or
 * undefined to let the browser follow it: another button, a modifier key, a
 * new window, a download, another origin, or a path that is not a page.
 */
export function routerTarget(
  click: LinkClick,
  current: URL,
  isPage: (pathname: string) => boolean,
): string | undefined {
  if (click.defaultPrevented || click.button !== 0 || click.modified || click.download || !click.href) return undefined;
  if (click.target && click.target !== '_self') return undefined;
  let url: URL;
  try {
    url = new URL(click.href, current);
  } catch {
    return undefined;
  }
  if (url.origin !== current.origin || !isPage(url.pathname)) return undefined;
  // A link to another spot of the same page is the browser's own business.
  if (url.pathname === current.pathname && url.search === current.search && url.hash) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
