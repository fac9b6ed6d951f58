import type {ReactNode} from 'react';

/**
 * Renders nothing, as Docusaurus' DocVersionBanner does on a site with one version of
 * its docs; this one has one per docs instance (tests/unit/overrides.test.ts
 * checks), so the upstream component's code stays off every page's first load.
 */
export default function DocVersionBanner(): ReactNode {
  return null;
}
