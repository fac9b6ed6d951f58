import type {ReactNode} from 'react';

/**
 * Renders nothing: Docusaurus draws this "collapse sidebar" button only when
 * the sidebar is hideable, and this site's is not (`themeConfig.docs.sidebar.hideable`,
 * checked by tests/unit/overrides.test.ts), so its code stays off every page's first load.
 */
export default function CollapseButton(): ReactNode {
  return null;
}
