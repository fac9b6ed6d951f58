/**
 * Every theme component this site overrides, with the upstream module it
 * stands in for. tests/unit/overrides.test.ts checks the table against the
 * tree and node_modules: each file is listed, each upstream module is where
 * it was at the recorded version, wrappers import the original, and what a
 * replaced or stubbed module imports (and who imports a stub) is unchanged.
 * Upgrading a theme means re-reading these entries.
 */
export type OverrideKind = 'wrap' | 'replace' | 'stub';

/**
 * The folders theme overrides live in: the site's own (src/theme, which
 * Docusaurus reads itself) and the API theme's (src/api/theme, registered by
 * src/api/build/themes.ts so that only the API feature carries it).
 */
export const THEME_DIRS = ['src/theme', 'src/api/theme'] as const;

export interface Override {
  /** Our file, relative to the repository root, in one of THEME_DIRS. */
  file: string;
  /** The package and the theme module (`@theme/…` name) it overrides. */
  upstream: {package: string; module: string; version: string};
  kind: OverrideKind;
  why: string;
  /** The spec that exercises it in a browser (or the unit test). */
  guardedBy: string;
  /** For `replace` and `stub`: what the upstream module imported when this was written. */
  imports?: string[];
  /** For `stub`: the upstream modules that import it, and the names they use. */
  consumers?: Record<string, string[]>;
  /** For `stub`: consumers no page of this site renders (their names need not exist in the stub). */
  unrendered?: string[];
}

const CLASSIC = {package: '@docusaurus/theme-classic', version: '3.10.2'};
const CORE = {package: '@docusaurus/core', version: '3.10.2'};
const OPENAPI = {package: 'docusaurus-theme-openapi-docs', version: '5.2.0'};

export const OVERRIDES: Override[] = [
  {
    file: 'src/theme/AnnouncementBar/index.tsx',
    upstream: {...CLASSIC, module: 'AnnouncementBar'},
    kind: 'wrap',
    why: 'A bar with a new id shows again after hydration, not only after a full load.',
    guardedBy: 'tests/e2e/site-behaviour.spec.ts',
  },
  {
    file: 'src/theme/CodeBlock/Buttons/CopyButton/index.tsx',
    upstream: {...CLASSIC, module: 'CodeBlock/Buttons/CopyButton'},
    kind: 'wrap',
    why: 'Reports code copies to analytics (the language only).',
    guardedBy: 'tests/e2e/analytics-mixpanel.spec.ts',
  },
  {
    file: 'src/theme/DocBreadcrumbs/index.tsx',
    upstream: {...CLASSIC, module: 'DocBreadcrumbs'},
    kind: 'wrap',
    why: 'Puts "Copy page" on the breadcrumb row of doc and API pages.',
    guardedBy: 'tests/e2e/writers-and-agents.spec.ts',
  },
  {
    file: 'src/theme/DocItem/Footer/index.tsx',
    upstream: {...CLASSIC, module: 'DocItem/Footer'},
    kind: 'wrap',
    why: 'Ends every doc and API page with "Was this page helpful?".',
    guardedBy: 'tests/e2e/analytics-off.spec.ts',
  },
  {
    file: 'src/theme/MDXComponents/index.tsx',
    upstream: {...CLASSIC, module: 'MDXComponents'},
    kind: 'wrap',
    why: 'Wide tables that scroll become focusable, so keyboards can scroll them.',
    guardedBy: 'tests/e2e/pages.spec.ts',
  },
  {
    file: 'src/theme/Navbar/MobileSidebar/index.tsx',
    upstream: {...CLASSIC, module: 'Navbar/MobileSidebar'},
    kind: 'wrap',
    why: 'The phone menu is drawn when first opened, so its links are not prefetched on every load.',
    guardedBy: 'tests/e2e/mobile-menu.spec.ts',
  },
  {
    file: 'src/theme/SkipToContent/index.tsx',
    upstream: {...CLASSIC, module: 'SkipToContent'},
    kind: 'wrap',
    why: 'Focus stays on the content after the skip link (Chromium moved it back to <body>).',
    guardedBy: 'tests/e2e/accessibility.spec.ts',
  },
  {
    file: 'src/theme/CodeBlock/index.tsx',
    upstream: {...CLASSIC, module: 'CodeBlock'},
    kind: 'replace',
    why: 'No remount after hydration: the server-rendered lines are kept.',
    guardedBy: 'tests/e2e/code-blocks.spec.ts',
    imports: [
      '@docusaurus/useIsBrowser',
      '@theme/CodeBlock/Content/Element',
      '@theme/CodeBlock/Content/String',
      'react',
    ],
  },
  {
    file: 'src/theme/CodeBlock/Content/index.tsx',
    upstream: {...CLASSIC, module: 'CodeBlock/Content'},
    kind: 'replace',
    why: 'Highlights at build; Prism loads in the browser only for code the server did not render.',
    guardedBy: 'tests/e2e/code-blocks.spec.ts',
    imports: [
      './styles.module.css',
      '@docusaurus/theme-common',
      '@docusaurus/theme-common/internal',
      '@theme/CodeBlock/Line',
      'clsx',
      'prism-react-renderer',
      'react',
    ],
  },
  {
    file: 'src/theme/DocRoot/Layout/index.tsx',
    upstream: {...CLASSIC, module: 'DocRoot/Layout'},
    kind: 'replace',
    why: 'The content comes before the sidebar in the HTML (agents convert it first); CSS order draws the sidebar on the left as before.',
    guardedBy: 'tests/e2e/writers-and-agents.spec.ts',
    imports: [
      './styles.module.css',
      '@docusaurus/plugin-content-docs/client',
      '@theme/BackToTopButton',
      '@theme/DocRoot/Layout/Main',
      '@theme/DocRoot/Layout/Sidebar',
      'react',
    ],
  },
  {
    file: 'src/theme/DocVersionBanner/index.tsx',
    upstream: {...CLASSIC, module: 'DocVersionBanner'},
    kind: 'replace',
    why: 'Renders nothing, as upstream does with one docs version (the site has one per docs instance); its code leaves the first load.',
    guardedBy: 'tests/unit/overrides.test.ts',
    imports: [
      '@docusaurus/Link',
      '@docusaurus/Translate',
      '@docusaurus/plugin-content-docs/client',
      '@docusaurus/theme-common',
      '@docusaurus/useDocusaurusContext',
      'clsx',
      'react',
    ],
  },
  {
    file: 'src/theme/DocVersionBadge/index.tsx',
    upstream: {...CLASSIC, module: 'DocVersionBadge'},
    kind: 'replace',
    why: 'Renders nothing, as upstream does with one docs version; its code leaves the first load.',
    guardedBy: 'tests/unit/overrides.test.ts',
    imports: [
      '@docusaurus/Translate',
      '@docusaurus/plugin-content-docs/client',
      '@docusaurus/theme-common',
      'clsx',
      'react',
    ],
  },
  {
    file: 'src/theme/DocSidebar/Desktop/CollapseButton/index.tsx',
    upstream: {...CLASSIC, module: 'DocSidebar/Desktop/CollapseButton'},
    kind: 'replace',
    why: 'Renders nothing: upstream draws it only for a hideable sidebar, and this one is not; its code leaves the first load.',
    guardedBy: 'tests/unit/overrides.test.ts',
    imports: ['./styles.module.css', '@docusaurus/Translate', '@theme/Icon/Arrow', 'clsx', 'react'],
  },
  {
    file: 'src/theme/DocRoot/Layout/Sidebar/ExpandButton/index.tsx',
    upstream: {...CLASSIC, module: 'DocRoot/Layout/Sidebar/ExpandButton'},
    kind: 'replace',
    why: 'Renders nothing: upstream draws it only after a hideable sidebar was hidden; its code leaves the first load.',
    guardedBy: 'tests/unit/overrides.test.ts',
    imports: ['./styles.module.css', '@docusaurus/Translate', '@theme/Icon/Arrow', 'react'],
  },
  {
    file: 'src/theme/Icon/ExternalLink/index.tsx',
    upstream: {...CLASSIC, module: 'Icon/ExternalLink'},
    kind: 'replace',
    why: 'The "(opens in new tab)" icon gets role="img", so its name is announced.',
    guardedBy: 'tests/html/check-html.mjs',
    imports: ['./styles.module.css', '@docusaurus/Translate', 'react'],
  },
  {
    file: 'src/theme/Loading/index.tsx',
    upstream: {...CORE, module: 'Loading'},
    kind: 'replace',
    why: 'A delayed spinner, and an error with Retry when a route fails to load.',
    guardedBy: 'tests/e2e/failure-states.spec.ts',
    imports: ['react'],
  },
  {
    file: 'src/theme/NavbarItem/ComponentTypes.tsx',
    upstream: {...CLASSIC, module: 'NavbarItem/ComponentTypes'},
    kind: 'replace',
    why: 'Registers the Ask AI navbar item (`custom-askAi`) beside the stock types; the phone menu leaves it out, as it stays in the header.',
    guardedBy: 'tests/e2e/ask-ai.spec.ts',
    imports: [
      '@theme/NavbarItem/DefaultNavbarItem',
      '@theme/NavbarItem/DocNavbarItem',
      '@theme/NavbarItem/DocSidebarNavbarItem',
      '@theme/NavbarItem/DocsVersionDropdownNavbarItem',
      '@theme/NavbarItem/DocsVersionNavbarItem',
      '@theme/NavbarItem/DropdownNavbarItem',
      '@theme/NavbarItem/HtmlNavbarItem',
      '@theme/NavbarItem/LocaleDropdownNavbarItem',
      '@theme/NavbarItem/SearchNavbarItem',
    ],
  },
  {
    file: 'src/theme/NotFound/Content/index.tsx',
    upstream: {...CLASSIC, module: 'NotFound/Content'},
    kind: 'replace',
    why: 'Search and suggestions for the requested path.',
    guardedBy: 'tests/e2e/writers-and-agents.spec.ts',
    imports: ['@docusaurus/Translate', '@theme/Heading', 'clsx', 'react'],
  },
  {
    file: 'src/theme/Root/index.tsx',
    upstream: {...CORE, module: 'Root'},
    kind: 'replace',
    why: "Every page's Markdown twin link and its section's social image; plain in-site anchors (announcement bar, raw HTML) go through the router.",
    guardedBy: 'tests/e2e/writers-and-agents.spec.ts, tests/e2e/site-behaviour.spec.ts',
    imports: ['react'],
  },
  {
    file: 'src/theme/SearchBar/index.tsx',
    upstream: {...CLASSIC, module: 'SearchBar'},
    kind: 'replace',
    why: 'Our button, shortcuts and DocSearch modal over the local index or Algolia, loaded on first use.',
    guardedBy: 'tests/e2e/search.spec.ts',
    imports: ['@docusaurus/Noop'],
  },
  {
    file: 'src/api/theme/SchemaItem/index.tsx',
    upstream: {...OPENAPI, module: 'SchemaItem'},
    kind: 'wrap',
    why: 'A space between a field\'s name and type, which read as one word to screen readers and agents ("tag_namestring").',
    guardedBy: 'tests/e2e/api-reference.spec.ts',
  },
  {
    file: 'src/api/theme/ApiExplorer/index.tsx',
    upstream: {...OPENAPI, module: 'ApiExplorer'},
    kind: 'replace',
    why: 'Static request samples instead of the request form, Redux and Postman SDK.',
    guardedBy: 'tests/e2e/api-reference.spec.ts',
    imports: [
      '@docusaurus/plugin-content-docs/client',
      '@theme/ApiExplorer/CodeSnippets',
      '@theme/ApiExplorer/Request',
      '@theme/ApiExplorer/Response',
      '@theme/ApiExplorer/SecuritySchemes',
      'postman-collection',
      'react',
    ],
  },
  {
    file: 'src/api/theme/ApiItem/index.tsx',
    upstream: {...OPENAPI, module: 'ApiItem'},
    kind: 'replace',
    why: 'A lean API page: no store, no inflater, server-rendered parts.',
    guardedBy: 'tests/e2e/api-reference.spec.ts',
    imports: [
      './store',
      '@docusaurus/BrowserOnly',
      '@docusaurus/ExecutionEnvironment',
      '@docusaurus/plugin-content-docs/client',
      '@docusaurus/theme-common',
      '@docusaurus/useDocusaurusContext',
      '@docusaurus/useIsBrowser',
      '@theme/ApiExplorer',
      '@theme/ApiExplorer/Authorization/slice',
      '@theme/ApiExplorer/persistenceMiddleware',
      '@theme/ApiExplorer/storage-utils',
      '@theme/ApiItem/Layout',
      '@theme/CodeBlock',
      '@theme/DocItem/Metadata',
      '@theme/SchemaExpansion',
      '@theme/SkeletonLoader',
      'clsx',
      'pako',
      'react',
      'react-redux',
    ],
  },
  {
    file: 'src/api/theme/ArrayBrackets/index.tsx',
    upstream: {...OPENAPI, module: 'ArrayBrackets'},
    kind: 'replace',
    why: 'Valid list markup for array schemas (axe `list`).',
    guardedBy: 'tests/html/check-html.mjs',
    imports: ['react'],
  },
  {
    file: 'src/api/theme/Markdown/index.tsx',
    upstream: {...OPENAPI, module: 'Markdown'},
    kind: 'replace',
    why: 'Descriptions rendered at generation, not parsed by react-markdown in the browser.',
    guardedBy: 'tests/e2e/api-reference.spec.ts',
  },
  {
    file: 'src/api/theme/ApiItem/hooks.ts',
    upstream: {...OPENAPI, module: 'ApiItem/hooks'},
    kind: 'stub',
    why: 'No Redux store on API pages: the schema view reports its tab to nothing.',
    guardedBy: 'tests/unit/overrides.test.ts',
    consumers: {
      'MimeTabs/index.js': ['useTypedDispatch', 'useTypedSelector'],
      'Schema/index.js': ['useTypedDispatch'],
    },
    // Media types are shown by src/api/browser/MediaTypes, not the theme's MimeTabs.
    unrendered: ['MimeTabs/index.js'],
  },
  {
    file: 'src/api/theme/ApiExplorer/SchemaSelection/slice.ts',
    upstream: {...OPENAPI, module: 'ApiExplorer/SchemaSelection/slice'},
    kind: 'stub',
    why: 'The schema-selection action, with no store to reduce it.',
    guardedBy: 'tests/unit/overrides.test.ts',
    consumers: {'Schema/index.js': ['setSchemaSelection']},
  },
];
