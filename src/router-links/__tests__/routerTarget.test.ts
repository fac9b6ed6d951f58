import {describe, expect, it} from 'vitest';
import {routerTarget, type LinkClick} from '@site/src/router-links/routerTarget';

const here = new URL('https://docs.example.com/platform/quick-start?x=1');
const pages = new Set(['/platform/files/', '/platform/quick-start', '/']);
const isPage = (pathname: string) => pages.has(pathname);
const click = (href: string | null, more: Partial<LinkClick> = {}): LinkClick => ({
  defaultPrevented: false,
  button: 0,
  modified: false,
  href,
  target: null,
  download: false,
  ...more,
});

describe('plain anchors through the router', () => {
  it('routes a plain left click on a link to a page of the site, keeping query and hash', () => {
    expect(routerTarget(click('/platform/files/'), here, isPage)).toBe('/platform/files/');
    expect(routerTarget(click('/platform/files/?a=b#parse'), here, isPage)).toBe('/platform/files/?a=b#parse');
    expect(routerTarget(click('https://docs.example.com/'), here, isPage)).toBe('/');
  });

  it('leaves every other click to the browser', () => {
    expect(routerTarget(click('/platform/files/', {defaultPrevented: true}), here, isPage)).toBeUndefined();
    expect(routerTarget(click('/platform/files/', {button: 1}), here, isPage)).toBeUndefined();
    expect(routerTarget(click('/platform/files/', {modified: true}), here, isPage)).toBeUndefined();
    expect(routerTarget(click('/platform/files/', {target: '_blank'}), here, isPage)).toBeUndefined();
    expect(routerTarget(click('/platform/files/', {download: true}), here, isPage)).toBeUndefined();
    expect(routerTarget(click('https://atlas.nomic.ai/'), here, isPage)).toBeUndefined();
    expect(routerTarget(click('/llms.txt'), here, isPage)).toBeUndefined();
    expect(routerTarget(click('mailto:support@nomic.ai'), here, isPage)).toBeUndefined();
    expect(routerTarget(click('http://[bad'), here, isPage)).toBeUndefined();
    expect(routerTarget(click(null), here, isPage)).toBeUndefined();
    // Another spot of the same page.
    expect(routerTarget(click('?x=1#install'), here, isPage)).toBeUndefined();
  });
});
