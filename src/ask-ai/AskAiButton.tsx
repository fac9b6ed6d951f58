import React, {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {loadKapaWhenIdle, openKapa} from './kapa';
import type {PanelProps} from './Panel';
import type {AskAiConfig} from './types';
import styles from './button.module.css';

let panel: Promise<ComponentType<PanelProps>> | undefined;

/** The panel and its logic, fetched when the reader first opens it; a failed fetch is retried next time. */
function loadPanel(): Promise<ComponentType<PanelProps>> {
  panel ??= import(/* webpackChunkName: "ask-ai" */ './Panel').then(
    (module) => module.default,
    (error: unknown) => {
      panel = undefined;
      throw error;
    },
  );
  return panel;
}

/** Shown when the panel itself cannot be fetched (offline, blocked). */
function LoadFailed({onRetry, onClose}: {onRetry: () => void; onClose: () => void}) {
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => retry.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-label="Ask AI"
      className={styles.failed}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <p>Ask AI could not be loaded. Check your connection and try again.</p>
      <button ref={retry} type="button" className="button button--sm button--primary" onClick={onRetry}>
        Retry
      </button>{' '}
      <button type="button" className="button button--sm button--secondary" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/**
 * The navbar's "Ask AI" button: the only part of Ask AI in a page's first
 * load. It opens the site's panel, or Kapa's widget when Kapa is configured
 * (loaded once the page is idle; if it cannot load, the panel says so).
 */
export default function AskAiButton(): ReactNode {
  const config = useDocusaurusContext().siteConfig.customFields!.askAi as AskAiConfig;
  const button = useRef<HTMLButtonElement>(null);
  const [Panel, setPanel] = useState<ComponentType<PanelProps> | null>(null);
  const [state, setState] = useState<'closed' | 'open' | 'failed'>('closed');
  const [kapaError, setKapaError] = useState<string>();

  useEffect(() => {
    if (config.provider === 'kapa') loadKapaWhenIdle(config);
  }, [config]);

  const close = useCallback(() => {
    setState('closed');
    setKapaError(undefined);
    button.current?.focus();
  }, []);

  const showPanel = useCallback(() => {
    loadPanel().then(
      (component) => {
        setPanel(() => component);
        setState('open');
      },
      () => setState('failed'),
    );
  }, []);

  const onClick = () => {
    if (config.provider !== 'kapa') showPanel();
    else
      openKapa(config).catch((error: Error) => {
        setKapaError(error.message);
        showPanel();
      });
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={clsx('navbar__item', styles.button)}
        aria-haspopup="dialog"
        onClick={onClick}
      >
        Ask AI
      </button>
      {state === 'open' &&
        Panel &&
        createPortal(<Panel config={config} onClose={close} kapaError={kapaError} />, document.body)}
      {state === 'failed' && createPortal(<LoadFailed onRetry={showPanel} onClose={close} />, document.body)}
    </>
  );
}
