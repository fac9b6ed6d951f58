import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import type {DocSearchModal as DocSearchModalType, DocSearchProps} from '@docsearch/react';
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import {loadStylesheet, useStylesheetUrl} from '@site/src/components/Stylesheet';
import {useSearchConfig} from '@site/src/search/backend';
import {repairDocSearchAria} from '@site/src/search/docsearchAria';
import {MAX_RESULTS_PER_GROUP, SEARCH_FAILURE} from '@site/src/search/types';
import {useSearchShortcuts} from '@site/src/search/useSearchShortcuts';
import SearchButton from './SearchButton';
import styles from './styles.module.css';

type Loaded = {Modal: typeof DocSearchModalType; transform: DocSearchProps['transformSearchClient']};

/** DocSearch's error screen, which DocSearch 3.9 itself never reaches (see reportingFailures). */
function ErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen" role="alert">
      <p className="DocSearch-Title">{SEARCH_FAILURE.title}</p>
      <p className="DocSearch-Help">{SEARCH_FAILURE.help}</p>
    </div>
  );
}

/**
 * A hit's content. DocSearch makes each hit an ARIA option, whose content must
 * not be focusable (axe: `nested-interactive`), so this is not a link: a click
 * navigates like one (with Ctrl, ⌘ or Shift, in a new tab), and Enter goes
 * through DocSearch's navigator.
 */
function Hit({hit, children}: {hit: {url: string}; children: ReactNode}) {
  const history = useHistory();
  return (
    <div
      className={styles.hit}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) window.open(hit.url, '_blank', 'noopener');
        else history.push(hit.url);
      }}
    >
      {children}
    </div>
  );
}

/** Same-site URLs become paths, so the router navigates without a reload. */
function relativeUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
  } catch {
    return url;
  }
}

/**
 * The navbar search: a button, Ctrl+K / ⌘K and "/", and the DocSearch modal.
 * The modal, its stylesheet and (by default) the local index are fetched on
 * first use only; the button is ours so that no DocSearch code is in the
 * initial load.
 */
export default function SearchBar(): ReactNode {
  const config = useSearchConfig();
  const history = useHistory();
  const modalStylesheet = useStylesheetUrl('docsearch-modal');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (): Promise<Loaded> => {
    if (loaded) return loaded;
    const [{DocSearchModal}, {createLocalDocSearchClient, reportingFailures}] = await Promise.all([
      import('@docsearch/react/modal'),
      import('@site/src/search/docsearchClient'),
      loadStylesheet(modalStylesheet),
    ]);
    const local = config.provider === 'local' ? createLocalDocSearchClient() : undefined;
    // With the local backend the modal searches the site's own index; with
    // Algolia, its own client. Either way failures are reported to show the error screen.
    const transform = ((algoliaClient: Parameters<typeof reportingFailures>[0]) =>
      reportingFailures(local ?? algoliaClient, (ok) => setFailed(!ok))) as unknown as Loaded['transform'];
    const next = {Modal: DocSearchModal, transform};
    setLoaded(next);
    return next;
  }, [config.provider, loaded, modalStylesheet]);

  const onOpen = useCallback(() => {
    void load().then(() => setIsOpen(true));
  }, [load]);
  const onClose = useCallback(() => {
    setIsOpen(false);
    setFailed(false);
    buttonRef.current?.focus();
  }, []);
  useSearchShortcuts({isOpen, onOpen, onClose});

  useEffect(() => {
    const container = isOpen ? document.querySelector('.DocSearch-Container') : null;
    return container ? repairDocSearchAria(container) : undefined;
  }, [isOpen, loaded]);

  const navigator = useMemo(() => ({navigate: ({itemUrl}: {itemUrl: string}) => history.push(itemUrl)}), [history]);
  const algolia = config.provider === 'algolia' ? config : undefined;
  // The error screen goes where DocSearch shows results (the modal is open whenever a search failed).
  const dropdown = failed ? document.querySelector('.DocSearch-Dropdown') : null;

  return (
    <div className={styles.searchBar}>
      <SearchButton ref={buttonRef} onClick={onOpen} onPointerEnter={() => void load()} onFocus={() => void load()} />
      {isOpen &&
        loaded &&
        createPortal(
          <div className={clsx(!algolia && styles.local, failed && styles.failed)}>
            <loaded.Modal
              appId={algolia?.appId ?? 'local'}
              apiKey={algolia?.apiKey ?? 'local'}
              indexName={algolia?.indexName ?? 'local'}
              // Search insights with Algolia; no contextual (version or language) filters.
              insights={Boolean(algolia)}
              searchParameters={{}}
              maxResultsPerGroup={MAX_RESULTS_PER_GROUP}
              transformSearchClient={loaded.transform}
              transformItems={(items) => items.map((item) => ({...item, url: relativeUrl(item.url)}))}
              hitComponent={Hit}
              navigator={navigator}
              initialScrollY={window.scrollY}
              onClose={onClose}
            />
            {dropdown && createPortal(<ErrorScreen />, dropdown)}
          </div>,
          document.body,
        )}
    </div>
  );
}
