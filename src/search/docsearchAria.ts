/**
 * Repairs the ARIA of DocSearch 3.9's modal, which axe flags:
 * - the backdrop is a role="button" tab stop wrapped around the whole dialog
 *   (`nested-interactive`), with `aria-expanded`, which only fits that role;
 * - every result list has the id "docsearch-list", while the input's
 *   `aria-controls` names "docsearch-hits0-list", … (`aria-valid-attr-value`);
 * - the results scroll in a box that keyboards cannot reach once hits hold no
 *   links (`scrollable-region-focusable`): it becomes a tab stop.
 * Clicking the backdrop still closes the modal; Escape closes it from the
 * keyboard. Returns a function that stops watching.
 */
export function repairDocSearchAria(container: Element): () => void {
  const repair = () => {
    for (const attribute of ['role', 'tabindex', 'aria-expanded']) {
      if (container.hasAttribute(attribute)) container.removeAttribute(attribute);
    }
    const results = container.querySelector('.DocSearch-Dropdown');
    if (results && results.getAttribute('tabindex') !== '0') results.setAttribute('tabindex', '0');
    for (const list of Array.from(container.querySelectorAll('ul[role="listbox"]'))) {
      // An option's id is "<source>-item-<n>"; its list is "<source>-list".
      const source = list.querySelector('[role="option"]')?.id.replace(/-item-\d+$/, '');
      if (source && list.id !== `${source}-list`) list.id = `${source}-list`;
    }
  };
  repair();
  const observer = new MutationObserver(repair);
  observer.observe(container, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['role', 'tabindex', 'aria-expanded', 'id'],
  });
  return () => observer.disconnect();
}
