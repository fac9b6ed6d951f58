import type {ReactNode} from 'react';

/**
 * Renders nothing: Docusaurus draws this "expand sidebar" button only after a
 * hideable sidebar was hidden, and this site's sidebar is not hideable
 * (tests/unit/overrides.test.ts checks), so its code stays off every page's first load.
 */
export default function ExpandButton(): ReactNode {
  return null;
}
