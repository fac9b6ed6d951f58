/**
 * Words readers use for things the docs name differently, in groups: search
 * and Ask AI treat the words of a group as alternatives of one another (a
 * synonym scores half as much as the word itself). Curated here, once; add a
 * group when readers ask in words the pages do not use. Words are lower case
 * and unstemmed ("delete", not "deletes").
 */
export const SYNONYM_GROUPS = [
  ['delete', 'remove', 'revoke', 'cancel'],
  ['key', 'token', 'credential'],
  ['login', 'authenticate', 'authentication', 'auth', 'sign'],
  ['embed', 'embedding', 'vector'],
  ['image', 'picture', 'photo', 'vision'],
  ['upload', 'import', 'add'],
  ['dataset', 'project'],
  ['map', 'projection', 'visualization', 'visualize'],
  ['tag', 'label'],
  ['duplicate', 'dedupe', 'deduplicate', 'deduplication'],
  ['topic', 'cluster', 'clustering'],
  ['parse', 'parsing', 'ocr', 'pdf', 'document'],
  ['extract', 'extraction', 'structured', 'pull'],
  ['database', 'postgres', 'postgresql', 'mysql', 'sqlite'],
  ['repo', 'repository'],
  ['lock', 'locked', 'building'],
  ['limit', 'quota', 'throttle', '429', 'many'],
  ['rbac', 'role', 'permission', 'access', 'allow', 'allowed'],
  ['change', 'changed', 'changelog', 'release', 'latest', 'version'],
  ['job', 'task', 'status'],
  ['selection', 'filter', 'query'],
  ['neighbor', 'neighbour', 'similar', 'similarity', 'knn', 'topk'],
  ['rag', 'retrieval'],
  ['multilingual', 'language'],
  ['dimensionality', 'reduction', 'umap', 'projection'],
  ['price', 'pricing', 'plan', 'billing', 'usage'],
  ['private', 'public', 'visibility', 'share'],
  ['requirement', 'rule', 'format', 'prepare'],
  ['maximum', 'max', 'limit'],
  ['list', 'get'],
] as const;
