import docusaurus from '@docusaurus/core/lib/client/docusaurus.js?original';
import {prefetchRoutes, routesLoaded} from './groups';

/**
 * `window.docusaurus`, whose prefetch (of links in view) asks the browser to
 * fetch, at its lowest priority, the route group of a path it does not know
 * yet instead of loading it (the page's own chunks are prefetched once the
 * group is loaded: on hover, by preload, or on a later prefetch). Its preload
 * (of a hovered link) is Docusaurus' own, which reaches ./preload.ts; a
 * failure there is the navigation's to handle (it loads the page from the
 * server), not an uncaught error.
 */
export default Object.freeze({
  ...docusaurus,
  preload(routePath: string): false | Promise<void[]> {
    const preloading = docusaurus.preload(routePath);
    if (preloading) preloading.catch(() => undefined);
    return preloading;
  },
  prefetch(routePath: string): false | Promise<void[]> {
    if (routesLoaded(routePath)) return docusaurus.prefetch(routePath);
    prefetchRoutes(routePath);
    return false;
  },
});
