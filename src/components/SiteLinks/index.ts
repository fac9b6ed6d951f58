import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SiteLinks} from '../../../docusaurus.config';

/** External addresses, as defined once in docusaurus.config.ts. */
export function useSiteLinks(): SiteLinks {
  return useDocusaurusContext().siteConfig.customFields!.links as SiteLinks;
}
