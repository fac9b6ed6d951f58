import React, {type ReactNode} from 'react';
import {Route, Switch, type SwitchProps} from 'react-router-dom';
import type {RouteConfig} from 'react-router-config';

/**
 * react-router-config's renderRoutes (what `@docusaurus/renderRoutes` is),
 * passing each route's `sensitive` flag to its <Route>, which the original
 * drops: without it the router would render `/PLATFORM/QUICK-START` as the
 * quick start while the route table (./routes.ts) says it matches nothing.
 */
export default function renderRoutes(
  routes?: RouteConfig[],
  extraProps: Record<string, unknown> = {},
  switchProps: SwitchProps = {},
): ReactNode {
  if (!routes) return null;
  return (
    <Switch {...switchProps}>
      {routes.map((route, i) => (
        <Route
          key={route.key ?? i}
          path={route.path}
          exact={route.exact}
          strict={route.strict}
          sensitive={route.sensitive}
          render={(props) =>
            route.render ? (
              route.render({...props, ...extraProps, route})
            ) : route.component ? (
              <route.component {...props} {...extraProps} route={route} />
            ) : null
          }
        />
      ))}
    </Switch>
  );
}
