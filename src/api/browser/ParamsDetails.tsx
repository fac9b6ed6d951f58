import React, {type ReactNode} from 'react';
import Details from '@theme/Details';
import ParamsItem from '@theme/ParamsItem';
import type {Parameter} from '../shared/types';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
const TITLES: Record<(typeof LOCATIONS)[number], string> = {
  path: 'Path parameters',
  query: 'Query parameters',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
};

/** An operation's parameters, grouped by where they go; rendered on the server too. */
export default function ParamsDetails({parameters = []}: {parameters?: Parameter[]}): ReactNode {
  return LOCATIONS.map((location) => {
    const params = parameters.filter((p) => p.in === location);
    if (params.length === 0) return null;
    return (
      <Details
        key={location}
        className="openapi-markdown__details"
        open
        summary={
          <summary>
            <h3 className="openapi-markdown__details-summary-header-params">{TITLES[location]}</h3>
          </summary>
        }
      >
        <ul>
          {/* The theme's item is a <div>; a list holds <li>s. */}
          {params.map((param) => (
            <li key={param.name} className="openapi-params__entry">
              <ParamsItem className="paramsItem" param={{...param, enumDescriptions: []}} />
            </li>
          ))}
        </ul>
      </Details>
    );
  });
}
