// @vitest-environment jsdom
import {describe, expect, it} from 'vitest';
import {repairDocSearchAria} from '@site/src/search/docsearchAria';

function modal() {
  const container = document.createElement('div');
  container.innerHTML = `
    <div role="button" tabindex="0" aria-expanded="true" aria-controls="docsearch-hits0-list" class="DocSearch-Container">
      <input id="docsearch-input" aria-controls="docsearch-hits0-list docsearch-hits1-list">
      <div class="DocSearch-Dropdown">
      <ul id="docsearch-list" role="listbox"><li id="docsearch-hits0-item-0" role="option">A</li></ul>
      <ul id="docsearch-list" role="listbox"><li id="docsearch-hits1-item-1" role="option">B</li></ul>
      </div>
    </div>`;
  document.body.append(container);
  return container.firstElementChild!;
}

describe('repairDocSearchAria', () => {
  it('takes the button role, tab stop and aria-expanded off the backdrop', () => {
    const backdrop = modal();
    repairDocSearchAria(backdrop);
    expect(backdrop.getAttribute('role')).toBeNull();
    expect(backdrop.getAttribute('tabindex')).toBeNull();
    expect(backdrop.getAttribute('aria-expanded')).toBeNull();
    expect(backdrop.getAttribute('aria-controls')).toBe('docsearch-hits0-list');
  });

  it('lets keyboards reach the scrolling results', () => {
    const backdrop = modal();
    repairDocSearchAria(backdrop);
    expect(backdrop.querySelector('.DocSearch-Dropdown')!.getAttribute('tabindex')).toBe('0');
  });

  it('gives each result list the id the input points to, also for lists added later', async () => {
    const backdrop = modal();
    const stop = repairDocSearchAria(backdrop);
    const input = backdrop.querySelector('input')!;
    for (const id of input.getAttribute('aria-controls')!.split(' '))
      expect(document.getElementById(id)).not.toBeNull();

    const later = document.createElement('ul');
    later.setAttribute('role', 'listbox');
    later.id = 'docsearch-list';
    later.innerHTML = '<li id="docsearch-hits2-item-2" role="option">C</li>';
    backdrop.append(later);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(later.id).toBe('docsearch-hits2-list');
    stop();
  });
});
