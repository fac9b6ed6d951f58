// A local stand-in for Algolia's search API (POST /1/indexes/*/queries), for
// browser tests of the hosted-search mode with no network. It answers from a
// small fixed index and records every request it receives.
import http from 'node:http';

const PAGES = [
  {
    url: '/platform/quick-start',
    lvl0: 'Get started',
    lvl1: 'Quick start',
    content: 'Install the Python client and build your first data map.',
  },
  {
    url: '/platform/datasets/data-maps/duplicate-detection',
    lvl0: 'Data maps',
    lvl1: 'Duplicate detection',
    content: 'Find near-duplicate points in a map.',
  },
  ...Array.from({length: 44}, (_, i) => ({
    url: `/platform/embeddings-and-retrieval/text-embedding#section-${i + 1}`,
    lvl0: 'Embeddings and retrieval',
    lvl1: 'Text embedding',
    lvl2: `Embeddings example ${i + 1}`,
    content: `Embeddings example number ${i + 1} from the hosted index.`,
  })),
].map((page, i) => ({...page, objectID: `mock-${i}`}));

const mark = (text, query) =>
  query ? text.replace(new RegExp(`(${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'), '<mark>$1</mark>') : text;

function answer({query = '', page = 0, hitsPerPage = 20, indexName}) {
  const q = query.toLowerCase();
  const matches = PAGES.filter((p) => [p.lvl1, p.lvl2, p.content].some((t) => t?.toLowerCase().includes(q)));
  const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((p) => {
    const hierarchy = {lvl0: p.lvl0, lvl1: p.lvl1, lvl2: p.lvl2 ?? null};
    const levels = Object.fromEntries(
      Object.entries(hierarchy)
        .filter(([, v]) => v)
        .map(([k, v]) => [k, {value: mark(v, q), matchLevel: 'full'}]),
    );
    return {
      objectID: p.objectID,
      url: p.url,
      type: p.lvl2 ? 'lvl2' : 'lvl1',
      hierarchy,
      content: p.content,
      _highlightResult: {hierarchy: levels, content: {value: mark(p.content, q), matchLevel: 'full'}},
      _snippetResult: {hierarchy: levels, content: {value: mark(p.content, q), matchLevel: 'full'}},
    };
  });
  return {
    hits,
    nbHits: matches.length,
    page,
    nbPages: Math.ceil(matches.length / hitsPerPage),
    hitsPerPage,
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    query,
    params: '',
    index: indexName,
  };
}

export function startAlgoliaMock(port = 0) {
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', '*');
      if (req.method === 'OPTIONS') return res.end();
      if (req.method !== 'POST' || !/^\/1\/indexes\/\*\/queries/.test(req.url ?? '')) {
        res.statusCode = 404;
        return res.end(JSON.stringify({message: 'Not found', status: 404}));
      }
      const payload = JSON.parse(body || '{}');
      requests.push({url: req.url, headers: req.headers, payload});
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({results: (payload.requests ?? []).map(answer)}));
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({url: `http://127.0.0.1:${server.address().port}`, requests, close: () => server.close()}),
    );
  });
}
