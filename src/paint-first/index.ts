/**
 * Paint first, then hydrate. Docusaurus puts its entry scripts in the head as
 * `<script defer>`, and a deferred script runs as soon as parsing ends, often
 * before the browser has painted the page it just parsed: on a slow phone the
 * server-rendered text then waits for ~0.5 s of JavaScript (compiling and
 * starting React) before it shows. This page template is Docusaurus' own with
 * one change: the entry scripts are added by a small inline script at the end
 * of the body, after the next frame has been painted. They still run in
 * order, each as its own task; a hidden tab, which paints nothing, loads them
 * at once.
 *
 * Build-time only: docusaurus.config.ts passes `ssrTemplate` to Docusaurus.
 */
import upstreamTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

/** The upstream block this replaces: one deferred script per entry file. */
const DEFERRED_SCRIPTS =
  /\n[ \t]*<% it\.scripts\.forEach\(\(script\) => \{ %>\n[ \t]*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\n[ \t]*<% \}\); %>/;
const BODY_END = '</body>';

/**
 * Adds `scripts` (in order) after the next paint. ES5, as it runs before any
 * of the site's code; `scripts` is the only input and comes from the build.
 */
export const LOADER = `(function (scripts) {
  function load() {
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.body.appendChild(script);
    });
  }
  if (document.visibilityState === 'hidden') load();
  else requestAnimationFrame(function () { setTimeout(load); });
})`;

/** Docusaurus' template with the entry scripts loaded by LOADER; fails the build if upstream changed. */
export function paintFirstTemplate(template: string = upstreamTemplate): string {
  if (!DEFERRED_SCRIPTS.test(template) || template.split(BODY_END).length !== 2) {
    throw new Error(
      "Docusaurus' page template (@docusaurus/core/lib/ssg/ssgTemplate.html) changed: re-check src/paint-first against it.",
    );
  }
  const loader = `<script>${LOADER}(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>)</script>`;
  return template.replace(DEFERRED_SCRIPTS, '').replace(BODY_END, `${loader}\n  ${BODY_END}`);
}

/** The entry scripts a built page loads, read from its loader. */
export function entryScripts(html: string): string[] {
  const list = /\((\["[^\]]*\])\)<\/script>/.exec(html);
  return list ? (JSON.parse(list[1]!) as string[]) : [];
}
