import {useEffect} from 'react';
import {useHistory} from '@docusaurus/router';
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
      const to = routerTarget(
        {
          defaultPrevented: event.defaultPrevented,
          button: event.button,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          href: anchor.getAttribute('href'),
          target: anchor.getAttribute('target'),
          download: anchor.hasAttribute('download'),
        },
        new URL(window.location.href),
        isPage,
      );
      if (!to) return;
      event.preventDefault();
      history.push(to);
    };
    // Bubbling: a router Link has already handled (and prevented) its own click.
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [history, isPage]);
}
