import type {RouteConfig} from 'react-router-config';

/** The route table with every route, nested ones included, matched case-sensitively. */
export function caseSensitive(table: RouteConfig[]): RouteConfig[] {
  return table.map((route) => ({
    ...route,
    sensitive: true,
    ...(route.routes ? {routes: caseSensitive(route.routes)} : {}),
  }));
}
