// @vitest-environment jsdom
import React from 'react';
import Loadable from 'react-loadable';
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import Loading from '@site/src/theme/Loading';

// The route loader is react-loadable with our Loading component, as Docusaurus wires it.
function loadable(loader: () => Promise<React.ComponentType>) {
  return Loadable({loader, loading: Loading, delay: 200});
}

describe('route loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows nothing at first, then a spinner after the delay', async () => {
    const Page = loadable(() => new Promise(() => {}));
    render(<Page />);
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
  });

  it('shows the error with Retry, and Retry loads again', async () => {
    let attempts = 0;
    const Page = loadable(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('Loading chunk 42 failed.'))
        : Promise.resolve(() => <h1>Loaded page</h1>);
    });
    render(<Page />);
    await act(async () => {});
    expect(screen.getByRole('alert').textContent).toContain('Loading chunk 42 failed.');
    fireEvent.click(screen.getByRole('button', {name: 'Retry'}));
    await act(async () => {});
    expect(screen.getByRole('heading', {name: 'Loaded page'})).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
