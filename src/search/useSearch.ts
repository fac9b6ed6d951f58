import {useEffect, useState} from 'react';
import {search, useSearchConfig} from './backend';
import type {SearchPage} from './types';

export type SearchState =
  {status: 'idle'} | {status: 'loading'} | {status: 'error'} | {status: 'done'; result: SearchPage};

type Outcome = {key: string; result?: SearchPage};

/** Results of one query and page, from whichever backend the site uses. */
export function useSearch(query: string, page: number, hitsPerPage = 20): SearchState {
  const config = useSearchConfig();
  const key = `${hitsPerPage}:${page}:${query}`;
  const [outcome, setOutcome] = useState<Outcome>();
  useEffect(() => {
    if (!query.trim()) return undefined;
    let current = true;
    search(config, {query, page, hitsPerPage}).then(
      (result) => current && setOutcome({key, result}),
      () => current && setOutcome({key}),
    );
    return () => {
      current = false;
    };
  }, [config, key, query, page, hitsPerPage]);

  if (!query.trim()) return {status: 'idle'};
  if (outcome?.key !== key) return {status: 'loading'};
  return outcome.result ? {status: 'done', result: outcome.result} : {status: 'error'};
}
