import {describe, expect, it} from 'vitest';
import {robotsTxt} from '../robots';

describe('robots.txt', () => {
  it('welcomes crawlers and names the absolute sitemap URL', () => {
    expect(robotsTxt({url: 'https://docs.nomic.ai/', baseUrl: '/', noIndex: false})).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://docs.nomic.ai/sitemap.xml\n',
    );
    expect(robotsTxt({url: 'https://example.com', baseUrl: '/docs/', noIndex: false})).toContain(
      'Sitemap: https://example.com/docs/sitemap.xml',
    );
  });

  it('asks every crawler to stay away from a preview', () => {
    expect(robotsTxt({url: 'https://preview.example.com', baseUrl: '/', noIndex: true})).toBe(
      'User-agent: *\nDisallow: /\n',
    );
  });
});
