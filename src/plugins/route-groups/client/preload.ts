import preload from '@docusaurus/core/lib/client/preload.js?original';
import {ensureRoutes} from './groups';

/**
 * Docusaurus' preload (before the first render and before each navigation),
 * after loading the route group of the path, so that it finds the page.
 */
export default function preloadWithGroups(pathname: string): Promise<unknown> {
  return ensureRoutes(pathname).then(() => preload(pathname));
}
