import {describe, expect, it} from 'vitest';
import {renderMarkdown} from '@site/src/theme/Markdown';

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
