import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {cleanPath, decodablePath} from './cleanPath';

// Runs before the router reads the URL. Hosts that serve 404.html for
// `/page.html` or `/page/index` still land on the clean page, and a malformed
// address reaches the not-found page instead of breaking start-up.
if (ExecutionEnvironment.canUseDOM) {
  const {pathname, search, hash} = window.location;
  const clean = cleanPath(decodablePath(pathname));
  if (clean !== pathname) {
    window.history.replaceState(window.history.state, '', `${clean}${search}${hash}`);
  }
}
