import {describe, expect, it} from 'vitest';
import {cleanPath, decodablePath} from '@site/src/url-normalization/cleanPath';

describe('cleanPath', () => {
  it.each([
    ['/platform/quick-start.html', '/platform/quick-start'],
    ['/platform/quick-start/index', '/platform/quick-start/'],
    ['/platform/datasets/index.html', '/platform/datasets/'],
    ['/index.html', '/'],
    ['/index', '/'],
    ['/search.html', '/search'],
  ])('%s → %s', (input, expected) => {
    expect(cleanPath(input)).toBe(expected);
  });

  it.each([
    '/',
    '/platform/quick-start',
    '/platform/datasets/',
    '/reference/api/legacy/',
    '/platform/indexes',
    '/html',
  ])('leaves clean path %s alone', (input) => {
    expect(cleanPath(input)).toBe(input);
  });
});

describe('cleanPath with the routes the site has', () => {
  const isRoute = (path: string) => ['/platform/quick-start', '/search'].includes(path);
  it.each([
    ['/platform/quick-start/index.html', '/platform/quick-start'],
    ['/platform/quick-start/index', '/platform/quick-start'],
    ['/platform/datasets/index.html', '/platform/datasets/'],
    ['/index.html', '/'],
  ])('%s → %s', (input, expected) => {
    expect(cleanPath(input, isRoute)).toBe(expected);
  });
});

describe('decodablePath', () => {
  it('escapes the percent signs of a malformed path so decodeURI succeeds', () => {
    const safe = decodablePath('/%E0%A4%A');
    expect(() => decodeURI(safe)).not.toThrow();
    expect(decodeURI(safe)).toBe('/%E0%A4%A');
  });

  it('leaves decodable paths alone', () => {
    expect(decodablePath('/platform/caf%C3%A9')).toBe('/platform/caf%C3%A9');
    expect(decodablePath('/platform/quick-start')).toBe('/platform/quick-start');
  });
});
