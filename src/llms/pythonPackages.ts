/**
 * The PyPI distribution of every third-party module the pages' Python imports, by its import name: what a
 * notebook's first cell installs (./notebook.ts). A module not listed is taken to be the standard library's
 * or a file of the page; a notebook that imports an unlisted package fails its fresh-kernel run in the
 * samples with `ModuleNotFoundError`, which is the cue to add it here.
 * tests/samples/session/__tests__/test_python_packages.py checks each entry against the installed packages.
 */
export const PYTHON_DISTRIBUTIONS: Readonly<Record<string, string>> = {
  PIL: 'pillow',
  byaldi: 'byaldi',
  datasets: 'datasets',
  joblib: 'joblib',
  jsonschema: 'jsonschema',
  matplotlib: 'matplotlib',
  nomic: 'nomic',
  numpy: 'numpy',
  openai: 'openai',
  pandas: 'pandas',
  pdf2image: 'pdf2image',
  praw: 'praw',
  prawcore: 'prawcore',
  pymongo: 'pymongo',
  pypdf: 'pypdf',
  pytorch_lightning: 'pytorch-lightning',
  requests: 'requests',
  simple_salesforce: 'simple-salesforce',
  sklearn: 'scikit-learn',
  snowflake: 'snowflake-connector-python',
  sqlalchemy: 'sqlalchemy',
  torch: 'torch',
  umap: 'umap-learn',
};

/** The top-level modules a piece of Python imports (`import a.b as c`, `from d.e import f`), in order. */
export function importedModules(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import\b|import[ \t]+([^\n#;]+))/gm)) {
    const names = match[1] ? [match[1]] : match[2]!.split(',').map((part) => part.trim().split(/\s+/)[0]!);
    for (const name of names) if (name && !name.startsWith('.')) found.push(name.split('.')[0]!);
  }
  return [...new Set(found)];
}
