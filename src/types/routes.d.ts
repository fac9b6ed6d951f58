// Docusaurus' generated route table, imported by src/plugins/exact-routes/routes.ts
// under its own name (the usual `@generated/routes` resolves to that module).
declare module '@atlas/generated-routes' {
  import type {RouteConfig} from 'react-router-config';

  const routes: RouteConfig[];
  export default routes;
}
