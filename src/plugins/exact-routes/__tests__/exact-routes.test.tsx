// @vitest-environment jsdom
import React from 'react';
import {cleanup, render, screen} from '@testing-library/react';
import {MemoryRouter} from 'react-router-dom';
import type {RouteConfigComponentProps} from 'react-router-config';
import {afterEach, describe, expect, it} from 'vitest';
import {caseSensitive} from '@site/src/plugins/exact-routes/caseSensitive';
import renderRoutes from '@site/src/plugins/exact-routes/renderRoutes';

afterEach(cleanup);

const page = (name: string) => () => <p>{name}</p>;
const table = caseSensitive([
  {
    path: '/platform',
    component: ({route}: RouteConfigComponentProps) => <>{renderRoutes(route?.routes)}</>,
    routes: [{path: '/platform/quick-start', exact: true, component: page('Quick start')}],
  },
  {path: '*', component: page('Page not found')},
]);

function at(path: string) {
  render(<MemoryRouter initialEntries={[path]}>{renderRoutes(table)}</MemoryRouter>);
}

describe('exact routes', () => {
  it('marks every route, nested ones included, as case-sensitive', () => {
    expect(table[0].sensitive).toBe(true);
    expect(table[0].routes?.[0].sensitive).toBe(true);
  });

  it('renders the route whose path matches letter for letter', () => {
    at('/platform/quick-start');
    expect(screen.getByText('Quick start')).toBeTruthy();
  });

  it.each(['/PLATFORM/QUICK-START', '/Platform/quick-start'])('renders the not-found page for %s', (path) => {
    at(path);
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.queryByText('Quick start')).toBeNull();
  });
});
