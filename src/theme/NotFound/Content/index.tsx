import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {queryFromPath} from '@site/src/search/queryFromPath';
import {useSearch} from '@site/src/search/useSearch';
import styles from './styles.module.css';
import searchInput from '@site/src/search/searchInput.module.css';

const SECTIONS = [
  {to: '/platform/quick-start', label: 'Quick start', hint: 'Create an account, get an API key, build a first map'},
  {to: '/platform/datasets/', label: 'Datasets and data maps', hint: 'Upload data and explore it as a map'},
  {
    to: '/platform/embeddings-and-retrieval/generate-embeddings',
    label: 'Embeddings and retrieval',
    hint: 'Text, image and multimodal embeddings',
  },
  {to: '/platform/files/', label: 'Files', hint: 'Upload, parse and extract documents'},
  {to: '/reference/getting-started/', label: 'API reference', hint: 'Authentication, endpoints and clients'},
];

export default function NotFoundContent({className}: Props): ReactNode {
  // The 404 page is pre-rendered once for every unknown path: anything derived
  // from the requested path appears after hydration, or hydration would mismatch.
  const isBrowser = useIsBrowser();
  const {pathname} = useLocation();
  const query = isBrowser ? queryFromPath(pathname) : '';
  const suggestions = useSearch(query, 0, 5);
  const pages =
    suggestions.status === 'done'
      ? [...new Map(suggestions.result.hits.map((hit) => [hit.url.split('#')[0], hit])).values()]
      : [];
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>
            {isBrowser ? (
              <>
                There is no page at <code className={styles.path}>{pathname}</code>.
              </>
            ) : (
              'There is no page at this address.'
            )}{' '}
            It may have moved, or the link may have a typo.
          </p>
          <form action="/search" method="get" role="search" className={styles.search}>
            <label htmlFor="not-found-search" className={styles.label}>
              Search the documentation
            </label>
            <div className={styles.row}>
              <input
                id="not-found-search"
                name="q"
                type="search"
                maxLength={64}
                key={query}
                defaultValue={query}
                placeholder="Search docs"
                className={searchInput.input}
              />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          {pages.length > 0 && (
            <>
              <Heading as="h2">Pages that may be what you were looking for</Heading>
              <ul className={styles.sections}>
                {pages.map((hit) => (
                  <li key={hit.url}>
                    <Link to={hit.url.split('#')[0]}>{hit.hierarchy.lvl1}</Link>
                    <span className={styles.hint}> — {hit.hierarchy.lvl0}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Heading as="h2">Main sections</Heading>
          <ul className={styles.sections}>
            {SECTIONS.map(({to, label, hint}) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
                <span className={styles.hint}> — {hint}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
