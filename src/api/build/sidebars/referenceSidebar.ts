import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import specs from '../specs.cjs';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];
type Spec = ReturnType<typeof specs.loadSpec>;

/**
 * The reference sidebar spans two docs instances: hand-written pages live in
 * the `reference` instance, generated API pages in the `api` instance. Each
 * instance gets the same tree; items of the other instance become links.
 */
type Instance = 'reference' | 'api';

/** One category per tag, in the spec's tag order; operations without a tag go under "Other". */
function operationCategories(
  spec: Spec,
  toItem: (docId: string, label: string, className: string) => SidebarItemConfig,
): SidebarItemConfig[] {
  const byTag = new Map<string, SidebarItemConfig[]>(spec.tags.map((t) => [t, []]));
  for (const op of spec.operations) {
    const tag = op.tag ?? 'Other';
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag)!.push(toItem(op.docId, op.summary, `api-method ${op.method.toLowerCase()}`));
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
  const v1 = specs.loadSpec('v1');
  return [
    // The page generated from the v1 spec's info gives the overview and the spec download.
    category('Getting started', [...GETTING_STARTED, api(v1.infoId, 'API overview')]),
    ...operationCategories(v1, (docId, label, className) => item(api(docId, label), className)),
    category('Query', QUERY),
    category('Python API', PYTHON),
    category('TypeScript API', TYPESCRIPT),
    {type: 'link', label: 'Legacy API', href: '/reference/api/legacy/'},
  ];
}

/** The legacy API's own sidebar (api instance only). */
export function legacySidebar(): SidebarItemConfig[] {
  const legacy = specs.loadSpec('legacy');
  return [
    {type: 'doc', id: `legacy/${legacy.infoId}`, label: 'Introduction'},
    ...operationCategories(legacy, (docId, label, className) => ({
      type: 'doc',
      id: docId,
      label,
      className,
    })),
  ];
}
