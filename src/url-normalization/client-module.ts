import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {RouteConfig} from 'react-router-config';
import routes from '@generated/routes';
import {cleanPath, decodablePath} from './cleanPath';

function inTable(path: string, table: RouteConfig[] = routes): boolean {
  return table.some((route) => (route.exact && route.path === path) || (route.routes && inTable(path, route.routes)));
}

/**
 * Whether a path is, letter for letter, the path of one of the site's pages:
 * in the route table, or the page the server sent (its canonical URL), which
 * answers for pages whose routes are not loaded yet (src/plugins/route-groups).
 */
function isRoute(path: string): boolean {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return inTable(path) || (canonical !== undefined && new URL(canonical).pathname === path);
}

// Runs before the router reads the URL. Hosts that serve 404.html for
// `/page.html` or `/page/index` still land on the clean page, and a malformed
// address reaches the not-found page instead of breaking start-up.
if (ExecutionEnvironment.canUseDOM) {
  const {pathname, search, hash} = window.location;
  const clean = cleanPath(decodablePath(pathname), isRoute);
  if (clean !== pathname) {
    window.history.replaceState(window.history.state, '', `${clean}${search}${hash}`);
  }
}
