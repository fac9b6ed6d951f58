import React, {type ReactNode} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {LazyStylesheets} from '@site/src/plugins/lazy-stylesheets';

/** The URL of a stylesheet of the lazy-stylesheets plugin. */
export function useStylesheetUrl(name: string): string {
  const urls = usePluginData('lazy-stylesheets') as LazyStylesheets;
  return urls[name];
}

/**
 * Links a lazy stylesheet where it is rendered. In place rather than through
 * <Head>: re-inserting a stylesheet into <head> on hydration briefly changes
 * the cascade, and the page shifts.
 */
export default function Stylesheet({name}: {name: string}): ReactNode {
  return <link rel="stylesheet" href={useStylesheetUrl(name)} />;
}

/** Adds a lazy stylesheet to <head> and resolves once it has loaded (or failed). */
export function loadStylesheet(href: string): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}
