import {useEffect} from 'react';
import {useHistory} from '@docusaurus/router';
import {ensureRoutes, routesLoaded} from '@site/src/plugins/route-groups/client/groups';
import {routerTarget} from './routerTarget';

/**
 * Sends clicks on plain in-site anchors (HTML the site renders as a string:
 * the announcement bar, raw HTML in pages) through the router, as Link does.
 */
export function useRouterLinks(isPage: (pathname: string) => boolean): void {
  const history = useHistory();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const click = {
        defaultPrevented: event.defaultPrevented,
        button: event.button,
        modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        href: anchor.getAttribute('href'),
        target: anchor.getAttribute('target'),
        download: anchor.hasAttribute('download'),
      };
      const current = new URL(window.location.href);
      const to = routerTarget(click, current, isPage);
      if (to) {
        event.preventDefault();
        history.push(to);
        return;
      }
      // A path whose route is not loaded yet (src/plugins/route-groups): load it, then route or follow the link.
      const pending = routerTarget(click, current, (pathname) => !routesLoaded(pathname));
      if (!pending) return;
      event.preventDefault();
      const {href} = anchor;
      ensureRoutes(new URL(pending, current).pathname)
        .then(() => routerTarget(click, current, isPage))
        .catch(() => undefined)
        .then((target) => (target ? history.push(target) : window.location.assign(href)));
    };
    // Bubbling: a router Link has already handled (and prevented) its own click.
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [history, isPage]);
}
