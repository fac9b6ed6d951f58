import React, {type ReactNode} from 'react';
import SkipToContent from '@theme-original/SkipToContent';

/** Where the skip link goes: the page's main content, as Docusaurus chooses it. */
function target(): HTMLElement | null {
  return document.querySelector('main') ?? document.getElementById('__docusaurus_skipToContent_fallback');
}

/**
 * Wraps Docusaurus' skip link so focus stays on the content. Docusaurus focuses
 * the target and at once removes the tabindex that made it focusable; current
 * Chromium then moves focus back to <body>, so screen readers are not taken
 * to the content. Here the target keeps tabindex="-1" until focus leaves it.
 */
export default function SkipToContentKeepingFocus(): ReactNode {
  return (
    <div
      onClick={(event) => {
        if (!(event.target instanceof HTMLAnchorElement)) return;
        const main = target();
        if (!main) return;
        main.setAttribute('tabindex', '-1');
        main.focus();
        main.addEventListener('blur', () => main.removeAttribute('tabindex'), {once: true});
      }}
    >
      <SkipToContent />
    </div>
  );
}
