import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import kebabCase from 'lodash/kebabCase';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

/**
 * The reference sidebar spans two docs instances: hand-written pages live in
 * the `reference` instance, generated API pages in the `api` instance. Each
 * instance gets the same tree; items of the other instance become links.
 */
export type Instance = 'reference' | 'api';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

interface SpecOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
}
interface Spec {
  info: {title: string};
  tags?: {name: string}[];
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], SpecOperation>>>;
}

export function loadSpec(file: string): Spec {
  return yaml.load(fs.readFileSync(path.join(__dirname, '../../openapi', file), 'utf8')) as Spec;
}

/** The id the OpenAPI plugin gives the page generated from the spec's info. */
export function infoId(spec: Spec): string {
  return kebabCase(spec.info.title.replace(' ', '-').toLowerCase());
}

/** One category per tag, in the spec's tag order; ids as the OpenAPI plugin derives them. */
export function operationCategories(
  spec: Spec,
  toItem: (slug: string, label: string, className: string) => SidebarItemConfig,
): SidebarItemConfig[] {
  const byTag = new Map<string, SidebarItemConfig[]>((spec.tags ?? []).map((t) => [t.name, []]));
  for (const operations of Object.values(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const op = operations[method];
      if (!op?.operationId) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(toItem(kebabCase(op.operationId), op.summary ?? op.operationId, `api-method ${method}`));
    }
  }
  return [...byTag].filter(([, items]) => items.length > 0).map(([label, items]) => ({type: 'category', label, items}));
}

/** A hand-written page: its doc id within its instance, and its sidebar label. */
type Page = {id: string; label: string; instance: Instance};

const reference = (id: string, label: string): Page => ({id, label, instance: 'reference'});
// The query pages share the /reference/api/ prefix, so they live in the api instance.
const api = (id: string, label: string): Page => ({id, label, instance: 'api'});

const GETTING_STARTED = [
  reference('getting-started/index', 'Introduction'),
  reference('getting-started/programmatic-map-selections', 'Programmatic map selections'),
  reference('getting-started/programmatic-tagging', 'Programmatic tagging'),
  reference('getting-started/rate-limits', 'Rate limits'),
];
const QUERY = [api('query/data-selections', 'Data selections'), api('query/vector-search', 'Vector search')];
const PYTHON = [
  reference('python-api/datasets-and-maps', 'Datasets and maps'),
  reference('python-api/generate-embeddings', 'Generate embeddings'),
  reference('python-api/map-resources', 'Map resources'),
];
const TYPESCRIPT = [reference('typescript-api/overview', 'TypeScript client')];

const ROUTE_BASE: Record<Instance, string> = {reference: '/reference/', api: '/reference/api/'};

export function referenceSidebar(instance: Instance): SidebarItemConfig[] {
  // A page of this instance is a doc item; a page of the other one, a link.
  const item = ({id, label, instance: home}: Page, className?: string): SidebarItemConfig =>
    home === instance
      ? {type: 'doc', id, label, ...(className && {className})}
      : {type: 'link', href: ROUTE_BASE[home] + id.replace(/index$/, ''), label, ...(className && {className})};
  const category = (label: string, pages: Page[]): SidebarItemConfig => ({
    type: 'category',
    label,
    items: pages.map((p) => item(p)),
  });
  const v1 = loadSpec('atlas-v1.yaml');
  return [
    // The page generated from the v1 spec's info gives the overview and the spec download.
    category('Getting started', [...GETTING_STARTED, api(infoId(v1), 'API overview')]),
    ...operationCategories(v1, (slug, label, className) => item(api(slug, label), className)),
    category('Query', QUERY),
    category('Python API', PYTHON),
    category('TypeScript API', TYPESCRIPT),
    {type: 'link', label: 'Legacy API', href: '/reference/api/legacy/'},
  ];
}

/** The legacy API's own sidebar (api instance only). */
export function legacySidebar(): SidebarItemConfig[] {
  const legacy = loadSpec('atlas-legacy.yaml');
  return [
    {type: 'doc', id: `legacy/${infoId(legacy)}`, label: 'Introduction'},
    ...operationCategories(legacy, (slug, label, className) => ({
      type: 'doc',
      id: `legacy/${slug}`,
      label,
      className,
    })),
  ];
}
