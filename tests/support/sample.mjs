// Which built pages the browser tests visit. Every page gets the server-HTML
// checks (tests/html); the browser adds what needs layout, scripts and
// hydration, and it costs seconds a page, so it goes through a sample that grows
// with the site's kinds of page, not with its number of pages:
// 1. one page of each page type, named here;
// 2. components: pages chosen until every element name and class name that
//    appears anywhere in the build appears on some sampled page, so every
//    component, with every variant, is hydrated and checked by axe's layout
//    rules (contrast) at least once;
// 3. a fixed number of the other pages, drawn with a fixed seed, so a run is
//    repeatable (BROWSER_SAMPLE_SEED draws another set).
import {builtPages} from './pages.mjs';

/** One page of each type, by route. */
export const PAGE_TYPES = {
  home: '/',
  guide: '/platform/datasets/prepare-data-for-atlas',
  'guide with a diagram': '/platform/quick-start',
  'guide with a chart': '/platform/embeddings-and-retrieval/text-embedding',
  'section index': '/platform/datasets/',
  'API page': '/reference/api/embed-text',
  'API introduction': '/reference/api/nomic-atlas-api',
  'legacy API page': '/reference/api/legacy/create-dataset',
  reference: '/reference/getting-started/',
  search: '/search',
  'not found': '/404.html',
  privacy: '/privacy',
};
export const RANDOM_PAGES = 8;
const DEFAULT_SEED = 20261125;

/** Element and class names inside the app root: the components a page renders. */
export function componentTokens(html) {
  const start = html.indexOf('id="__docusaurus"');
  const body = start < 0 ? html : html.slice(start);
  const tokens = new Set();
  for (const [, tag, attributes] of body.matchAll(/<([a-z][a-z0-9-]*)\b([^>]*)>/g)) {
    tokens.add(tag);
    const classes = /\bclass="([^"]*)"/.exec(attributes);
    for (const name of classes?.[1].split(/\s+/) ?? []) if (name) tokens.add(`.${name}`);
  }
  return tokens;
}

/** A small, seeded pseudo-random generator (mulberry32): the same seed draws the same pages. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The sample, from `pages` ({route, html}[]): `[{route, why}]`, page types first.
 * `why` is 'page type: …', 'components' or 'seeded'.
 */
export function drawSample(pages, {seed = DEFAULT_SEED, random = RANDOM_PAGES} = {}) {
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  const sample = [];
  const covered = new Set();
  const take = (page, why) => {
    sample.push({route: page.route, why});
    for (const token of page.tokens) covered.add(token);
  };
  for (const p of pages) p.tokens ??= componentTokens(p.html);
  for (const [type, route] of Object.entries(PAGE_TYPES)) {
    const page = byRoute.get(route);
    if (!page) throw new Error(`The page type "${type}" names ${route}, which the build does not have`);
    take(page, `page type: ${type}`);
  }
  // Greedy set cover: the page that adds the most unseen names, until none adds any.
  const chosen = () => new Set(sample.map((s) => s.route));
  for (;;) {
    let best;
    let gain = 0;
    const taken = chosen();
    for (const page of pages) {
      if (taken.has(page.route)) continue;
      let adds = 0;
      for (const token of page.tokens) if (!covered.has(token)) adds += 1;
      if (adds > gain) [best, gain] = [page, adds];
    }
    if (!best) break;
    take(best, 'components');
  }
  const taken = chosen();
  const rest = pages.filter((p) => !taken.has(p.route));
  const next = seededRandom(seed);
  for (let i = 0; i < random && rest.length; i++) take(rest.splice(Math.floor(next() * rest.length), 1)[0], 'seeded');
  return sample;
}

const cache = new Map();
/** The browser sample of the build in `dir` (memoised per process). */
export function browserSample(dir, seed = Number(process.env.BROWSER_SAMPLE_SEED || DEFAULT_SEED)) {
  const key = `${dir}\0${seed}`;
  if (!cache.has(key)) {
    cache.set(key, drawSample(builtPages(dir), {seed}));
  }
  return cache.get(key);
}
