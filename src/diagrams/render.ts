import path from 'node:path';
import {createRequire} from 'node:module';
import {escapeHtml} from '../shared/html';

/** The site's colours (src/css/custom.css), with text and lines at WCAG AA contrast on white. */
const COLOURS = {
  bg: '#ffffff',
  fg: '#1c1e21',
  line: '#57606a',
  accent: '#0f6b5c',
  muted: '#57606a',
  surface: '#eef6f4',
  border: '#0f6b5c',
  transparent: true,
  // Room for labels in fonts a little wider than the renderer measures.
  nodeSpacing: 40,
  padding: 24,
  // Narrow, widely installed faces: the renderer sizes boxes for Inter's widths.
  font: 'Inter, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
};

/**
 * beautiful-mermaid is ESM only, with an `import` export condition and no
 * other; the loader of docusaurus.config.ts (jiti) turns imports into
 * `require()`, which that refuses. Node's own require loads the file by path.
 */
const {renderMermaidSVG} = createRequire(__filename)(
  path.resolve(__dirname, '../../node_modules/beautiful-mermaid/dist/index.js'),
) as typeof import('beautiful-mermaid');

export interface Diagram {
  svg: string;
  title: string;
  description: string;
}

/** Mermaid's accessibility lines (`accTitle: …`, `accDescr: …`), which the renderer does not know, taken out of the source. */
export function accessibilityOf(source: string): {code: string; title?: string; description?: string} {
  let title: string | undefined;
  let description: string | undefined;
  const code = source
    .split('\n')
    .filter((line) => {
      const match = /^\s*acc(Title|Descr)\s*:\s*(.*)$/.exec(line);
      if (!match) return true;
      if (match[1] === 'Title') title = match[2]!.trim();
      else description = match[2]!.trim();
      return false;
    })
    .join('\n');
  return {code, title, description};
}

/**
 * A Mermaid diagram as inline SVG, drawn at build time: the renderer's web
 * font import removed (the CSP allows no third-party styles, and the site's
 * font is used), its stylesheet scoped to this diagram, ids made unique on the
 * page, and a title and description for assistive technology.
 */
export function renderDiagram(source: string, id: string): Diagram {
  const {code, title = 'Diagram', description = ''} = accessibilityOf(source);
  const raw = renderMermaidSVG(code, COLOURS);
  const scope = `svg#${id}`;
  const svg = raw
    .replace(/@import url\([^)]*\);\s*/g, '')
    // The stylesheet's `svg` and `text` rules would reach every SVG on the page.
    .replace(
      /<style>([\s\S]*?)<\/style>/,
      (_, css: string) =>
        `<style>${css.replace(
          /(^|\n)(\s*)(svg|text)\s*\{/g,
          (_m, start: string, indent: string, selector: string) =>
            `${start}${indent}${selector === 'svg' ? scope : `${scope} text`} {`,
        )}</style>`,
    )
    .replace(/\bid="([^"]+)"/g, `id="${id}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${id}-$1)`)
    .replace(
      /^<svg /,
      `<svg id="${id}" class="diagram__svg" role="img" aria-labelledby="${id}-title${description ? ` ${id}-desc` : ''}" `,
    )
    .replace(
      /^(<svg[^>]*>)/,
      `$1<title id="${id}-title">${escapeHtml(title)}</title>${description ? `<desc id="${id}-desc">${escapeHtml(description)}</desc>` : ''}`,
    );
  return {svg, title, description};
}
