import React from 'react';
import {renderToString} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {collectMarkdownHtml, renderMarkdown} from '@site/src/api/build/markdownHtml';
import {renderInlineMarkdown} from '@site/src/api/browser/inlineMarkdown';
import Markdown, {MarkdownHtmlProvider} from '@site/src/api/theme/Markdown';

describe('renderMarkdown', () => {
  it('renders the Markdown of spec descriptions', () => {
    expect(renderMarkdown('Send `texts` to [embed](/reference/api/embed-text).')).toBe(
      '<p>Send <code>texts</code> to <a href="/reference/api/embed-text">embed</a>.</p>\n',
    );
    expect(renderMarkdown('- one\n- two')).toContain('<li>two</li>');
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script> and <b>bold</b>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<b>');
  });
});

describe('collectMarkdownHtml', () => {
  it('renders every description and summary of an operation, but not those inside examples', () => {
    const html = collectMarkdownHtml({
      parameters: [{name: 'id', description: 'The `id`.'}],
      requestBody: {
        content: {
          'application/json': {
            schema: {properties: {description: {type: 'string', description: 'Free **text**.'}}},
            examples: {one: {summary: 'A [link](/x).', value: {description: 'data, not prose'}}},
          },
        },
      },
    });
    expect(html).toEqual({
      'The `id`.': '<p>The <code>id</code>.</p>\n',
      'Free **text**.': '<p>Free <strong>text</strong>.</p>\n',
      'A [link](/x).': '<p>A <a href="/x">link</a>.</p>\n',
    });
  });
});

describe('renderInlineMarkdown', () => {
  it("renders the theme's qualifier messages like full Markdown would", () => {
    for (const source of ['**Possible values:** [`a`, `b`]', '**Possible values:** `>= 1` and `<= 8`, non-empty']) {
      expect(renderInlineMarkdown(source)).toBe(renderMarkdown(source));
    }
  });

  it('escapes HTML, also inside code spans, and leaves asterisks in code alone', () => {
    expect(renderInlineMarkdown('<img src=x> `**<b>**`')).toBe('<p>&lt;img src=x&gt; <code>**&lt;b&gt;**</code></p>\n');
  });
});

describe('Markdown', () => {
  it('uses the HTML rendered at generation time, else the inline renderer', () => {
    const page = renderToString(
      <MarkdownHtmlProvider value={{'A [link](/x).': '<p>A <a href="/x">link</a>.</p>\n'}}>
        <Markdown>A [link](/x).</Markdown>
        <Markdown>{'**Possible values:** [`a`]'}</Markdown>
      </MarkdownHtmlProvider>,
    );
    expect(page).toContain('<a href="/x">link</a>');
    expect(page).toContain('<strong>Possible values:</strong> [<code>a</code>]');
  });
});
