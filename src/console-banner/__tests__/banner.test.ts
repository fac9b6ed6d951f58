import {describe, expect, it} from 'vitest';
import {bannerLines} from '@site/src/console-banner/banner';

describe('bannerLines', () => {
  it('advertises explainable, accessible AI and links to careers', () => {
    const text = bannerLines('https://example.com/careers').join('\n');
    expect(text).toMatch(/explainable/);
    expect(text).toMatch(/accessible/);
    expect(text).toContain('https://example.com/careers');
  });
});
