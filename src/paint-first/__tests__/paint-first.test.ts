// @vitest-environment jsdom
import {afterEach, describe, expect, it, vi} from 'vitest';
import upstreamTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import {compileSSGTemplate} from '@docusaurus/core/lib/ssg/ssgTemplate';
import {LOADER, entryScripts, paintFirstTemplate} from '@site/src/paint-first';

async function renderPage(scripts: string[]): Promise<string> {
  const render = await compileSSGTemplate(paintFirstTemplate());
  return render({
    appHtml: '<main><p>Server-rendered text</p></main>',
    baseUrl: '/docs/',
    htmlAttributes: 'lang="en"',
    bodyAttributes: '',
    headTags: '',
    preBodyTags: '',
    postBodyTags: '',
    metaAttributes: [],
    scripts,
    stylesheets: ['assets/css/styles.css'],
    noIndex: false,
    version: '3',
  }) as string;
}

describe('the page template', () => {
  it("is Docusaurus' own with the entry scripts moved from deferred head tags to the loader", async () => {
    const html = await renderPage(['assets/js/runtime~main.js', 'assets/js/main.js']);
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).toContain('<link rel="stylesheet" href="/docs/assets/css/styles.css" />');
    expect(html).toMatch(/<div id="__docusaurus"><main><p>Server-rendered text<\/p><\/main><\/div>\s*<script>/);
    expect(entryScripts(html)).toEqual(['/docs/assets/js/runtime~main.js', '/docs/assets/js/main.js']);
  });

  it('fails the build when the upstream template changes where the scripts go', () => {
    expect(() => paintFirstTemplate(upstreamTemplate.replace('" defer>', '" async>'))).toThrow(/template .*changed/);
    expect(() => paintFirstTemplate(upstreamTemplate.replace('</body>', ''))).toThrow(/template .*changed/);
  });
});

describe('the loader', () => {
  const run = (scripts: string[]) => new Function('scripts', `${LOADER}(scripts)`)(scripts);
  const added = () =>
    Array.from(document.body.querySelectorAll('script'), (s) => ({src: s.getAttribute('src'), async: s.async}));

  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('adds the scripts, in order and not async, only after the next frame has painted', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    run(['/a.js', '/b.js']);
    expect(added()).toEqual([]);
    frames[0]!(0);
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual([
      {src: '/a.js', async: false},
      {src: '/b.js', async: false},
    ]);
  });

  it('adds them at once in a hidden tab, which paints no frame', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    run(['/a.js']);
    expect(added()).toEqual([{src: '/a.js', async: false}]);
    expect(frame).not.toHaveBeenCalled();
  });
});
