// Docusaurus' generated route table, imported by src/plugins/exact-routes/routes.ts
// under its own name (the usual `@generated/routes` resolves to that module).
declare module '@atlas/generated-routes' {
  import type {RouteConfig} from 'react-router-config';

  const routes: RouteConfig[];
  export default routes;
}

// The directory of route groups (src/plugins/route-groups): generated for the
// browser's production bundle, empty elsewhere.
declare module '@atlas/route-groups' {
  import type {RouteConfig} from 'react-router-config';

  export const parents: {at: number[]; path: string}[];
  export const starts: string[];
  export const loaders: (() => Promise<{default: RouteConfig[][]}>)[];
}

// Docusaurus' own client modules, which src/plugins/route-groups wraps: the
// query keeps the wrapper's import from being replaced by the wrapper.
declare module '@docusaurus/core/lib/client/preload.js?original' {
  export {default} from '@docusaurus/core/lib/client/preload';
}

declare module '@docusaurus/core/lib/client/docusaurus.js?original' {
  export {default} from '@docusaurus/core/lib/client/docusaurus';
}
