import {DISCLAIMER, EXAMPLE_QUESTIONS, type AskAiConfig} from './types';

type KapaConfig = Extract<AskAiConfig, {provider: 'kapa'}>;

declare global {
  interface Window {
    Kapa?: ((...args: unknown[]) => void) & {open?: (options?: {mode?: 'ai' | 'search'; query?: string}) => void};
  }
}

export const KAPA_SCRIPT = 'https://widget.kapa.ai/kapa-widget.bundle.js';

/** The widget's script attributes: the site's colours, the spec's questions and disclaimer, no button of its own. */
export function kapaAttributes(config: KapaConfig): Record<string, string> {
  return {
    'data-website-id': config.websiteId,
    'data-project-name': config.projectName,
    'data-project-color': config.projectColor,
    ...(config.projectLogo ? {'data-project-logo': config.projectLogo} : {}),
    'data-modal-example-questions': EXAMPLE_QUESTIONS.join(','),
    'data-modal-disclaimer': DISCLAIMER,
    // The site's "Ask AI" button opens the widget.
    'data-button-hide': 'true',
  };
}

/**
 * Kapa's pre-initialisation: until the widget has started, calls to
 * `window.Kapa(...)` are queued, and the widget runs them when it is ready.
 */
function preinitialize() {
  if (window.Kapa) return;
  const queue: unknown[][] = [];
  const kapa = (...args: unknown[]) => void queue.push(args);
  window.Kapa = Object.assign(kapa, {q: queue, c: (args: unknown[]) => queue.push(args)});
}

let loading: Promise<void> | undefined;

/** Adds Kapa's script to the page, once; resolves when the widget can open. A failed load can be retried. */
export function loadKapa(config: KapaConfig): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    preinitialize();
    const script = document.createElement('script');
    script.src = KAPA_SCRIPT;
    script.async = true;
    for (const [name, value] of Object.entries(kapaAttributes(config))) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error('The assistant could not be loaded. Check your connection and try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Loads the widget when the browser is idle, so it never competes with the page itself. */
export function loadKapaWhenIdle(config: KapaConfig): void {
  const load = () => void loadKapa(config).catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, {timeout: 5000});
  else setTimeout(load, 2000);
}

/** Opens Kapa's widget, loading it first if needed. */
export async function openKapa(config: KapaConfig): Promise<void> {
  await loadKapa(config);
  if (window.Kapa?.open) window.Kapa.open({mode: 'ai'});
  else window.Kapa?.('open', {mode: 'ai'});
}
