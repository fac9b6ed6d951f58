import React, {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import {reportSearch} from '../../analytics/events';
import {escapeHtml} from '../../shared/html';
import {SEARCH_FAILURE, type SearchHit} from '../types';
import {MAX_QUERY_LENGTH, parseSearchParams, searchHref} from '../searchUrl';
import {useSearch} from '../useSearch';
import styles from './styles.module.css';
import searchInput from '../searchInput.module.css';

const HITS_PER_PAGE = 20;
const SUGGESTIONS = ['quick start', 'api key', 'embeddings', 'data maps', 'parse a pdf', 'rate limits'];

function Breadcrumb({hit}: {hit: SearchHit}) {
  const parts = [hit.hierarchy.lvl0, hit.hierarchy.lvl1, hit.type === 'lvl3' ? hit.hierarchy.lvl2 : undefined].filter(
    Boolean,
  );
  return <p className={styles.breadcrumb}>{parts.join(' › ')}</p>;
}

function Result({hit}: {hit: SearchHit}) {
  return (
    <li className={styles.result}>
      <Breadcrumb hit={hit} />
      <Link to={hit.url} className={styles.title}>
        {/* Escaped by the backend: only its <mark> tags are markup. */}
        <span dangerouslySetInnerHTML={{__html: hit.titleHtml}} />
      </Link>
      {hit.snippetHtml && <p className={styles.snippet} dangerouslySetInnerHTML={{__html: hit.snippetHtml}} />}
    </li>
  );
}

function Pagination({query, page, nbPages}: {query: string; page: number; nbPages: number}) {
  if (nbPages <= 1) return null;
  return (
    <nav aria-label="Search result pages" className={styles.pagination}>
      <ul className="pagination">
        {page > 0 && (
          <li className="pagination__item">
            <Link className="pagination__link" to={searchHref(query, page - 1)} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {Array.from({length: nbPages}, (_, i) => (
          <li key={i} className={`pagination__item${i === page ? ' pagination__item--active' : ''}`}>
            <Link className="pagination__link" to={searchHref(query, i)} aria-current={i === page ? 'page' : undefined}>
              {i + 1}
            </Link>
          </li>
        ))}
        {page < nbPages - 1 && (
          <li className="pagination__item">
            <Link className="pagination__link" to={searchHref(query, page + 1)} rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Suggestions() {
  return (
    <div className={styles.suggestions}>
      <p>Try searching for:</p>
      <ul>
        {SUGGESTIONS.map((s) => (
          <li key={s}>
            <Link to={searchHref(s)}>{s}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The /search page: full results for `?q=`, 20 a page, query and page kept in the URL. */
export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  // The page is pre-rendered without a query; the URL's query applies after hydration.
  const isBrowser = useIsBrowser();
  const {query, page} = parseSearchParams(isBrowser ? location.search : '');
  const [draft, setDraft] = useState(query);
  const state = useSearch(query, page, HITS_PER_PAGE);
  const resultCount = state.status === 'done' ? state.result.nbHits : undefined;
  useEffect(() => {
    if (resultCount !== undefined && page === 0) reportSearch('page', query, resultCount);
  }, [query, page, resultCount]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    history.push(searchHref(draft.trim()));
  };

  return (
    <main className="container margin-vert--lg">
      <Heading as="h1">Search the documentation</Heading>
      <form role="search" onSubmit={onSubmit} className={styles.form}>
        <label htmlFor="search-page-input">Search docs</label>
        <input
          id="search-page-input"
          key={query}
          type="search"
          name="q"
          placeholder="Search docs"
          maxLength={MAX_QUERY_LENGTH}
          defaultValue={query}
          onChange={(e) => setDraft(e.currentTarget.value)}
          className={searchInput.input}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <div aria-live="polite" className={styles.status}>
        {state.status === 'idle' && <Suggestions />}
        {state.status === 'loading' && <p>Searching…</p>}
        {state.status === 'error' && (
          <div className={styles.error} role="alert">
            <p className={styles.errorTitle}>{SEARCH_FAILURE.title}</p>
            <p>{SEARCH_FAILURE.help}</p>
          </div>
        )}
        {state.status === 'done' && state.result.nbHits === 0 && (
          <div>
            <p className={styles.noResults}>
              No results for &quot;<strong>{query}</strong>&quot;
            </p>
            <Suggestions />
          </div>
        )}
        {state.status === 'done' && state.result.nbHits > 0 && (
          <p
            dangerouslySetInnerHTML={{
              __html: `${state.result.nbHits} result${state.result.nbHits === 1 ? '' : 's'} for &quot;<strong>${escapeHtml(query)}</strong>&quot;${state.result.nbPages > 1 ? ` — page ${page + 1} of ${state.result.nbPages}` : ''}`,
            }}
          />
        )}
      </div>
      {state.status === 'done' && state.result.hits.length > 0 && (
        <>
          <ol className={styles.results}>
            {state.result.hits.map((hit) => (
              <Result key={hit.objectID} hit={hit} />
            ))}
          </ol>
          <Pagination query={query} page={page} nbPages={state.result.nbPages} />
        </>
      )}
    </main>
  );
}
