/** The main sections: the home page's cards, the not-found page's list and the footer's Docs column. */
export const MAIN_SECTIONS = [
  {
    label: 'Quick start',
    to: '/platform/quick-start',
    hint: 'Create an account, get an API key, build a first map',
    summary: 'Create an account, get an API key and build your first data map in a few lines of Python.',
  },
  {
    label: 'Datasets and data maps',
    to: '/platform/datasets/',
    hint: 'Upload data and explore it as a map',
    summary: 'Upload tables, text or images, then explore them as an interactive map with topics, tags and duplicates.',
  },
  {
    label: 'Embeddings and retrieval',
    to: '/platform/embeddings-and-retrieval/generate-embeddings',
    hint: 'Text, image and multimodal embeddings',
    summary: 'Turn text and images into vectors with Nomic Embed, and use them for search, RAG and classification.',
  },
  {
    label: 'Files',
    to: '/platform/files/',
    hint: 'Upload, parse and extract documents',
    summary: 'Upload documents, parse them into structured chunks, or extract fields with a JSON schema.',
  },
  {
    label: 'API reference',
    to: '/reference/getting-started/',
    hint: 'Authentication, endpoints and clients',
    summary: 'Authentication, every REST endpoint with Python and curl samples, and the Python and TypeScript clients.',
  },
] as const;

/**
 * The areas of the site, by URL: the group titles of search hits and of
 * /llms.txt, and the social image each page is shared with
 * (static/img/social/<image>.png, drawn by scripts/social-images.mjs).
 */
export const AREAS: {pattern: RegExp; name: string; image: SocialImage}[] = [
  {pattern: /^\/platform\/(quick-start|release-notes)/, name: 'Get started', image: 'platform'},
  {pattern: /^\/platform\/account\//, name: 'Account', image: 'platform'},
  {pattern: /^\/platform\/datasets\/data-maps\//, name: 'Data maps', image: 'datasets'},
  {pattern: /^\/platform\/datasets\//, name: 'Datasets', image: 'datasets'},
  {pattern: /^\/platform\/embeddings-and-retrieval\//, name: 'Embeddings and retrieval', image: 'embeddings'},
  {pattern: /^\/platform\/files\//, name: 'Files', image: 'files'},
  {pattern: /^\/reference\/api\/legacy\//, name: 'Legacy API', image: 'reference'},
  {pattern: /^\/reference\/python-api\//, name: 'Python client', image: 'reference'},
  {pattern: /^\/reference\/typescript-api\//, name: 'TypeScript client', image: 'reference'},
  {pattern: /^\/reference\//, name: 'API reference', image: 'reference'},
];

/** One social image per main section, and one for everything else. */
export const SOCIAL_IMAGES = {
  home: 'Nomic Atlas documentation',
  platform: 'Get started with Atlas',
  datasets: 'Datasets and data maps',
  embeddings: 'Embeddings and retrieval',
  files: 'Files: upload, parse, extract',
  reference: 'Atlas API reference',
} as const;

export type SocialImage = keyof typeof SOCIAL_IMAGES;

/** The area of the site a page belongs to. */
export function areaOf(url: string): string {
  return AREAS.find(({pattern}) => pattern.test(url))?.name ?? 'Documentation';
}

/** The social image for a page: its section's, else the site's. */
export function socialImageOf(url: string): string {
  return `/img/social/${AREAS.find(({pattern}) => pattern.test(url))?.image ?? 'home'}.png`;
}
