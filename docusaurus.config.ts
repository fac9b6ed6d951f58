import {execFileSync} from 'node:child_process';
import path from 'node:path';
import type {Config, PluginConfig} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {PluginOptions as OpenApiOptions} from 'docusaurus-plugin-openapi-docs/src/types';
import type * as OpenApiTheme from 'docusaurus-theme-openapi-docs';
import {API_FILES, API_SPECS, apiThemes, markdownGenerators} from './src/api';
import codeTheme from './src/code-highlight/theme';
import remarkDiagrams from './src/diagrams/remark';
import remarkSampleProofs from './src/samples-proof/build/remark';
import {parseFrontMatter} from './src/llms/frontMatter';
import {MAIN_SECTIONS} from './src/data/sections';
import type {SearchConfig} from './src/search/types';
import {SEARCH_STATIC_DIR} from './src/search/build/files';
import {paintFirstTemplate} from './src/paint-first';
import type {AskAiConfig} from './src/ask-ai/types';
import type {AnalyticsConfig} from './src/analytics/types';

// Every environment flag the site reads is named here, once. Unset means the
// embedded default (local search, no analytics), so a fresh clone needs none.
const env = process.env;
const siteUrl = env.SITE_URL ?? 'https://docs.nomic.ai';
// Preview deployments: NO_INDEX=true asks crawlers to stay away (robots.txt
// `Disallow: /` and a noindex meta tag on every page).
const noIndex = env.NO_INDEX === 'true';
// Hosted search: Algolia DocSearch when all three are set, else the local index.
const search: SearchConfig =
  env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_API_KEY && env.ALGOLIA_INDEX_NAME
    ? {
        provider: 'algolia',
        appId: env.ALGOLIA_APP_ID,
        apiKey: env.ALGOLIA_SEARCH_API_KEY,
        indexName: env.ALGOLIA_INDEX_NAME,
      }
    : {provider: 'local'};
// Ask AI: Kapa's widget when KAPA_WEBSITE_ID is set, else the operator's
// OpenAI-compatible streaming chat endpoint when ASK_AI_ENDPOINT is set, else
// answers drawn from the docs in the browser.
const askAi: AskAiConfig = env.KAPA_WEBSITE_ID
  ? {
      provider: 'kapa',
      websiteId: env.KAPA_WEBSITE_ID,
      projectName: env.KAPA_PROJECT_NAME ?? 'Nomic Atlas',
      projectColor: env.KAPA_PROJECT_COLOR ?? '#0f6b5c',
      ...(env.KAPA_PROJECT_LOGO ? {projectLogo: env.KAPA_PROJECT_LOGO} : {}),
    }
  : env.ASK_AI_ENDPOINT
    ? {provider: 'endpoint', url: env.ASK_AI_ENDPOINT}
    : {provider: 'embedded'};
// Analytics: Mixpanel with MIXPANEL_TOKEN, the Google tag with GTAG_ID; none
// by default. Do Not Track and Global Privacy Control are honoured unless
// ANALYTICS_RESPECT_DNT=false.
const recordPercent = Number(env.MIXPANEL_RECORD_SESSIONS_PERCENT);
const analytics: AnalyticsConfig = {
  ...(env.MIXPANEL_TOKEN
    ? {
        mixpanel: {
          token: env.MIXPANEL_TOKEN,
          debug: env.MIXPANEL_DEBUG !== 'false',
          apiHost: env.MIXPANEL_API_HOST ?? 'https://api-js.mixpanel.com',
          ...(env.MIXPANEL_RECORD_SESSIONS_PERCENT && recordPercent > 0
            ? {recordSessionsPercent: Math.min(recordPercent, 100)}
            : {}),
        },
      }
    : {}),
  ...(env.GTAG_ID ? {gtag: {id: env.GTAG_ID}} : {}),
  respectDnt: env.ANALYTICS_RESPECT_DNT !== 'false',
};
// Benchmarks only (bench/weight.mjs): the site without its generated API pages.
const withoutApiPages = env.ATLAS_WITHOUT_API_PAGES === '1';
// Benchmarks only (bench/twins.mjs): the site without its Markdown twins and llms.txt.
const withoutTwins = env.ATLAS_WITHOUT_TWINS === '1';

// External addresses, defined once; navbar, footer and components read them
// from `customFields.links`.
const links = {
  app: 'https://atlas.nomic.ai',
  discord: 'https://discord.gg/myY5YDR8z8',
  forum: 'https://github.com/nomic-ai/nomic/issues',
  x: 'https://x.com/nomic_ai',
  company: 'https://www.nomic.ai',
  blog: 'https://www.nomic.ai/blog',
  github: 'https://github.com/nomic-ai',
  careers: 'https://www.nomic.ai/careers',
  // The repository these docs are written in: page feedback opens issues there.
  repo: env.REPO_URL ?? 'https://github.com/nomic-ai/atlas-docs',
} as const;

export type SiteLinks = typeof links;

// Last-updated dates come from git. A source archive, a "Download ZIP" or a
// container context without .git still builds, without them.
const inGitWorktree = (() => {
  try {
    return (
      execFileSync('git', ['rev-parse', '--is-inside-work-tree'], {cwd: __dirname, stdio: ['ignore', 'pipe', 'ignore']})
        .toString()
        .trim() === 'true'
    );
  } catch {
    return false;
  }
})();
// Said by a plugin, so once per build: Docusaurus loads this file in several workers.
const noGitWarning: PluginConfig = () => ({
  name: 'build-without-git',
  loadContent: () => console.warn('[WARNING] Not a git checkout: the pages are built without last-updated dates.'),
});

const docsCommon = {
  // Categories start collapsed and can be toggled; the sidebar itself stays.
  sidebarCollapsible: true,
  sidebarCollapsed: true,
  // From git history; a file without history shows no date.
  showLastUpdateTime: inGitWorktree,
  // ```mermaid blocks become inline SVG at build: no diagram code in the browser. Each code block the samples
  // run passed gets its label (src/samples-proof).
  remarkPlugins: [remarkDiagrams, remarkSampleProofs],
} satisfies DocsOptions;

/** "Edit this page" links to a hand-written page's file in the docs repository. */
const editUrl = `${links.repo.replace(/\/$/, '')}/edit/main/`;

// The generated API reference: its own docs instance, so only API pages load
// the API theme's code, and the OpenAPI plugin that writes its pages.
const apiPlugins: PluginConfig[] = [
  [
    '@docusaurus/plugin-content-docs',
    {
      ...docsCommon,
      id: 'api',
      path: 'reference/api',
      routeBasePath: 'reference/api',
      sidebarPath: API_FILES.apiSidebar,
      // Only the hand-written query pages have a file to edit; the rest is generated from openapi/.
      editUrl: ({docPath}) => (docPath.startsWith('query/') ? `${editUrl}reference/api/${docPath}` : undefined),
      docItemComponent: '@theme/ApiItem',
    } satisfies DocsOptions,
  ],
  [
    'docusaurus-plugin-openapi-docs',
    {
      id: 'openapi',
      docsPluginId: 'api',
      config: {
        v1: {
          specPath: API_SPECS.v1.file,
          outputDir: 'reference/api',
          downloadUrl: '/atlas-v1.yaml',
          hideSendButton: true,
          // Plain front matter, read by src/api/theme/ApiItem: no inflater in the browser.
          disableCompression: true,
          markdownGenerators,
          sidebarOptions: {groupPathsBy: 'tag'},
        },
        legacy: {
          specPath: API_SPECS.legacy.file,
          outputDir: 'reference/api/legacy',
          downloadUrl: '/atlas-legacy.yaml',
          hideSendButton: true,
          disableCompression: true,
          markdownGenerators,
          infoTemplate: API_FILES.legacyInfoTemplate,
          sidebarOptions: {groupPathsBy: 'tag'},
        },
      },
    } satisfies OpenApiOptions,
  ],
];

const config = {
  title: 'Nomic Atlas Docs',
  tagline: 'Data maps, embeddings, file parsing and the Atlas API',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl: '/',
  noIndex,
  organizationName: 'nomic-ai',
  projectName: 'atlas-docs',

  future: {
    v4: true,
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      // Terser's HTML minifier keeps React's markup as rendered: SWC's re-parses it
      // and omits optional tags, which hides markup the browser would restructure
      // (a hydration error) from the server-HTML checks (tests/html).
      swcHtmlMinimizer: false,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      rspackPersistentCache: true,
      ssgWorkerThreads: true,
      gitEagerVcs: inGitWorktree,
    },
  },

  // Docusaurus' page template, with its entry scripts started after the page has painted.
  ssrTemplate: paintFirstTemplate(),

  onBrokenLinks: withoutApiPages ? 'warn' : 'throw',
  // The banner that explains a wrong baseUrl is an inline script on every
  // page; this site's baseUrl is fixed, and its CSP allows only hashed scripts.
  baseUrlIssueBanner: false,
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {
      onBrokenMarkdownLinks: 'warn',
    },
    // Marks the pages that have a notebook twin (src/llms/notebook.ts) for their Copy menu.
    parseFrontMatter,
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },

  // The OpenAPI specs are published as downloads next to the pages made from them;
  // the search index's shards and fragments are written at build and start.
  staticDirectories: ['static', 'openapi', SEARCH_STATIC_DIR],

  customFields: {
    links,
    search,
    askAi,
    analytics,
  },

  clientModules: ['./src/console-banner/index.ts', './src/url-normalization/client-module.ts'],

  presets: [
    [
      'classic',
      {
        docs: {
          ...docsCommon,
          path: 'docs',
          routeBasePath: 'platform',
          sidebarPath: './sidebars.ts',
          editUrl,
        },
        blog: false,
        theme: {
          customCss: './src/css/custom.css',
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    ...(inGitWorktree ? [] : [noGitWarning]),
    [
      '@docusaurus/plugin-content-docs',
      {
        ...docsCommon,
        id: 'reference',
        // Hand-written reference pages. Not `reference/` itself: docs instances
        // must not nest, and the generated pages live in `reference/api/`.
        path: 'reference/pages',
        routeBasePath: 'reference',
        sidebarPath: API_FILES.referenceSidebar,
        editUrl,
      } satisfies DocsOptions,
    ],
    ...(withoutApiPages ? [] : apiPlugins),
    path.join(__dirname, 'src/search/build/index.ts'),
    // Markdown twins of every page, /llms.txt and /llms-full.txt.
    ...(withoutTwins ? [] : [path.join(__dirname, 'src/llms/plugin.ts')]),
    // /samples.json (every code block's proof) and /agents.json, which the docs' MCP server (src/mcp) reads.
    path.join(__dirname, 'src/samples-proof/build/plugin.ts'),
    path.join(__dirname, 'src/mcp/build/plugin.ts'),
    // Routes match letter case exactly, like the files a static host serves.
    path.join(__dirname, 'src/plugins/exact-routes/index.ts'),
    // Pages' routes load by group in the browser, not all in main.js.
    path.join(__dirname, 'src/plugins/route-groups/index.ts'),
    // `npm start` compiles a page's code when it is first opened.
    path.join(__dirname, 'src/plugins/dev-lazy-compilation/index.ts'),
    // Redirect pages for /x.html and /x/index; _headers and an nginx snippet (CSP and more).
    [path.join(__dirname, 'src/plugins/static-host/index.ts'), {search, askAi, analytics, withoutApiPages}],
    [path.join(__dirname, 'src/analytics/plugin.ts'), {analytics}],
    path.join(__dirname, 'src/code-highlight/plugin.ts'),
    [
      path.join(__dirname, 'src/plugins/lazy-stylesheets/index.ts'),
      {
        stylesheets: {
          'api-theme': {
            file: require.resolve('docusaurus-theme-openapi-docs/lib/theme/styles.scss'),
            // What API pages render: the theme's components bar its request
            // form (replaced by src/api/theme/ApiExplorer), Docusaurus' own, ours.
            usedBy: [
              'node_modules/docusaurus-theme-openapi-docs/lib/theme/**/*.js',
              '!node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/**',
              'node_modules/@docusaurus/theme-classic/lib/theme/**/*.js',
              'src/**/*.{ts,tsx}',
              'reference/api/**/*.mdx',
            ],
          },
          'docsearch-modal': require.resolve('@docsearch/css/dist/modal.css'),
          // The Copy page menu's "Connect to your editor" dialog.
          'connect-editor': path.join(__dirname, 'src/llms/CopyPage/connect-editor.css'),
        },
      },
    ],
  ],

  // docusaurus-theme-openapi-docs without its site-wide stylesheet, then our overrides of it.
  themes: apiThemes,

  themeConfig: {
    metadata: [{name: 'keywords', content: 'Nomic, Atlas, embeddings, data maps, API'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'files-api-2026-11',
      content: 'New in the docs: <a href="/platform/files/">parse and extract documents</a> with the Atlas API.',
      isCloseable: true,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    navbar: {
      title: 'Nomic Atlas',
      logo: {
        alt: 'Nomic Atlas logo',
        src: 'img/logo.svg',
        width: 32,
        height: 32,
      },
      items: [
        // Plain links with a path pattern: the reference spans two docs
        // instances, and the item should read as active on both.
        {
          to: '/platform/quick-start',
          label: 'API Platform Documentation',
          position: 'left',
          activeBaseRegex: '^/platform/',
        },
        {
          to: '/reference/getting-started/',
          label: 'API Reference',
          position: 'left',
          activeBaseRegex: '^/reference/',
        },
        {href: links.app, label: 'Atlas app', position: 'right'},
        {type: 'custom-askAi', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: MAIN_SECTIONS.map(({label, to}) => ({label, to})),
        },
        {
          title: 'Community',
          items: [
            {label: 'Discord', href: links.discord},
            {label: 'Community forum', href: links.forum},
            {label: 'X', href: links.x},
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Nomic', href: links.company},
            {label: 'Blog', href: links.blog},
            {label: 'GitHub', href: links.github},
            {label: 'Privacy', to: '/privacy'},
          ],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} Nomic, Inc.`,
    },
    prism: {
      // GitHub-like colours at WCAG AA contrast (src/code-highlight/__tests__/theme.test.ts).
      theme: codeTheme,
      // python, json, yaml and typescript ship with prism-react-renderer.
      additionalLanguages: ['bash'],
    },
  } satisfies Preset.ThemeConfig & OpenApiTheme.ThemeConfig,
} satisfies Config;

export default config;
