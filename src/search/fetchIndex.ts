// The local index's files as the browser fetches them: the head is part of the bundle, the rest is
// fetched from the site as queries need it. No dynamic import here, so a worker can use it too.
import type {createEngine, Engine} from './engine';
import {fragmentFile, passageFile, recordFile, shardFile, type IndexHead} from './indexFiles';

/** A static file of the site, or an error naming it when the host does not serve it. */
export async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function fetchJson<T>(url: string): Promise<T> {
  return (await (await fetchOk(url)).json()) as T;
}

/** An engine over the index whose head is given, fetching its other files from the site as queries need them. */
export function engineOf(create: typeof createEngine, head: IndexHead): Engine {
  return create({
    head,
    records: (n) => fetchJson(head.base + recordFile(n)),
    shard: (n) => fetchJson(head.base + shardFile(n)),
    fragment: (n) => fetchJson(head.base + fragmentFile(n)),
    passage: (n) => fetchJson(head.base + passageFile(n)),
  });
}
