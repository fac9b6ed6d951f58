import {describe, expect, it} from 'vitest';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import type {Root} from 'mdast';
import remarkDiagrams from '@site/src/diagrams/remark';
import {accessibilityOf, renderDiagram} from '@site/src/diagrams/render';

const SOURCE = `flowchart LR
  accTitle: Upload path
  accDescr: Your data goes to Atlas, which builds a map.
  A[Your data] -->|upload| B[Atlas] --> C[Map]`;

describe('diagrams drawn at build', () => {
  it('take the accessibility lines out of the source', () => {
    const {code, title, description} = accessibilityOf(SOURCE);
    expect(title).toBe('Upload path');
    expect(description).toBe('Your data goes to Atlas, which builds a map.');
    expect(code).not.toContain('acc');
  });

  const {svg} = renderDiagram(SOURCE, 'd1');

  it('are SVG named for assistive technology, with the diagram text', () => {
    expect(svg).toMatch(/^<svg id="d1" class="diagram__svg" role="img" aria-labelledby="d1-title d1-desc"/);
    expect(svg).toContain('<title id="d1-title">Upload path</title>');
    expect(svg).toContain('<desc id="d1-desc">Your data goes to Atlas, which builds a map.</desc>');
    expect(svg).toContain('Your data');
    expect(svg).toContain('upload');
    expect(svg).not.toContain('accTitle');
  });

  it('load nothing from elsewhere and style only themselves', () => {
    expect(svg).not.toMatch(/@import|https?:\/\/(?!www\.w3\.org)/);
    const css = /<style>([\s\S]*?)<\/style>/.exec(svg)?.[1] ?? '';
    for (const selector of css.match(/^\s*[^{}\s][^{}]*\{/gm) ?? []) expect(selector.trim()).toMatch(/^svg#d1\b/);
  });

  it('give every id the diagram prefix, so two diagrams on a page do not collide', () => {
    const ids = [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.every((id) => id === 'd1' || id.startsWith('d1-'))).toBe(true);
    for (const [, target] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(target);
  });

  it('replace ```mermaid blocks with a figure and leave other code alone', () => {
    const tree = unified()
      .use(remarkParse)
      .parse('```mermaid\nflowchart LR\n  A --> B\n```\n\n```python\nprint(1)\n```\n') as Root;
    remarkDiagrams()(tree);
    const [figure, code] = tree.children as unknown as {type: string; name?: string; lang?: string}[];
    expect(figure).toMatchObject({type: 'mdxJsxFlowElement', name: 'figure'});
    expect(code).toMatchObject({type: 'code', lang: 'python'});
  });
});
