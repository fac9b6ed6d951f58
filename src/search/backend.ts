import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SearchConfig, SearchPage, SearchRequest} from './types';

/** Which backend this build searches with (set in docusaurus.config.ts from the environment). */
export function useSearchConfig(): SearchConfig {
  return useDocusaurusContext().siteConfig.customFields!.search as SearchConfig;
}

/** One search, with either backend; each loads only when first used. */
export async function search(config: SearchConfig, request: SearchRequest): Promise<SearchPage> {
  if (config.provider === 'algolia') return (await import('./algoliaClient')).searchAlgolia(config, request);
  return (await import('./localClient')).searchLocal(request);
}
