import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {queryFromPath} from '@site/src/search/queryFromPath';
import {MAIN_SECTIONS} from '@site/src/data/sections';
import type {PageRef} from '@site/src/search/suggest';
import {MAX_QUERY_LENGTH} from '@site/src/search/searchUrl';
import styles from './styles.module.css';
import searchInput from '@site/src/search/searchInput.module.css';

/**
 * Pages close to a path nobody serves: near-matching routes, then search
 * results for its words. Loaded with the index on demand; none if it fails.
 */
function useSuggestions(pathname: string | undefined): PageRef[] {
  const [pages, setPages] = useState<PageRef[]>([]);
  useEffect(() => {
    if (pathname === undefined) return undefined;
    let current = true;
    import('@site/src/search/suggest')
      .then(({suggestPages}) => suggestPages(pathname))
      .then(
        (found) => current && setPages(found),
        () => current && setPages([]),
      );
    return () => {
      current = false;
    };
  }, [pathname]);
  return pages;
}

export default function NotFoundContent({className}: Props): ReactNode {
  // The 404 page is pre-rendered once for every unknown path: anything derived
  // from the requested path appears after hydration, or hydration would mismatch.
  const isBrowser = useIsBrowser();
  const {pathname} = useLocation();
  const query = isBrowser ? queryFromPath(pathname) : '';
  const pages = useSuggestions(isBrowser ? pathname : undefined);
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
                maxLength={MAX_QUERY_LENGTH}
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
                {pages.map((page) => (
                  <li key={page.url}>
                    <Link to={page.url}>{page.title}</Link>
                    <span className={styles.hint}> — {page.area}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Heading as="h2">Main sections</Heading>
          <ul className={styles.sections}>
            {MAIN_SECTIONS.map(({to, label, hint}) => (
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
