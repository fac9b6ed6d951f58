import type {ParseFrontMatter} from '@docusaurus/types';

/**
 * Whether a page gets a notebook twin (./notebook.ts): a hand-written page with a Python block. Set as
 * `notebook: true` in the page's front matter as Docusaurus reads it, so the page's own data tells its
 * Copy menu (./CopyPage) to offer the notebook, and nothing is added to pages without one.
 */
export function hasNotebook(content: string, frontMatter: {[key: string]: unknown}): boolean {
  return !frontMatter.api && /^```python\b/m.test(content);
}

/** `markdown.parseFrontMatter` in docusaurus.config.ts: Docusaurus's own, plus the `notebook` flag. */
export const parseFrontMatter: ParseFrontMatter = async (params) => {
  const result = await params.defaultParseFrontMatter(params);
  if (hasNotebook(result.content, result.frontMatter)) result.frontMatter.notebook = true;
  return result;
};
