import React, {lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {sectionOf} from '../sections';
import {notebookPath, twinPath} from '../twinPath';
import {loadStylesheet, useStylesheetUrl} from '@site/src/components/Stylesheet';
import {copy, copyFailed} from './copy';
import styles from './styles.module.css';

// The editor dialog (its code and stylesheet) loads when a reader first opens it, not with every page.
const loadDialog = () => import('./ConnectEditor');
const ConnectEditor = lazy(loadDialog);

/** The heading of the section the reader is in: the last h2/h3 that has reached the sticky row the button is in. */
function headingInView(button: HTMLElement | null): string | undefined {
  const top = button?.getBoundingClientRect().bottom ?? 0;
  const headings = Array.from(document.querySelectorAll<HTMLElement>('article :is(h2, h3)[id]'));
  const passed = headings.filter((h) => h.getBoundingClientRect().top <= top + 80);
  return (
    passed
      .at(-1)
      ?.textContent?.replace(/\u200b/g, '')
      .trim() || undefined
  );
}

/** A prompt for a chat assistant naming the twin; the assistant fetches it, this site sends nothing. */
const prompt = (url: string) => `Read ${url} so I can ask questions about it.`;
/** Assistants that open a new chat from a prompt in their URL: name, and the URL the prompt follows. */
const ASSISTANTS = [
  ['ChatGPT', 'https://chatgpt.com/?q='],
  ['Claude', 'https://claude.ai/new?q='],
] as const;

/**
 * "Copy page": puts the page's Markdown twin on the clipboard. Its menu also
 * opens the twin, copies only the section in view and, on a page with Python,
 * downloads its notebook twin, opens the twin in ChatGPT or Claude, and
 * shows how to connect an editor to the docs' MCP server (a modal dialog).
 */
export default function CopyPage(): ReactNode {
  const {pathname} = useLocation();
  const twin = twinPath(pathname);
  const siteUrl = useDocusaurusContext().siteConfig.url.replace(/\/$/, '');
  const twinUrl = `${siteUrl}${twin}`;
  const [connecting, setConnecting] = useState(false);
  const dialogStylesheet = useStylesheetUrl('connect-editor');
  // Pages with Python have a notebook twin (../frontMatter.ts marks them).
  const notebook = (useDoc().frontMatter as {notebook?: boolean}).notebook ? notebookPath(pathname) : undefined;
  const [open, setOpen] = useState(false);
  const [section, setSection] = useState<string>();
  const [status, setStatus] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const markdown = async () => {
    const response = await fetch(twin);
    if (!response.ok) throw new Error(`The Markdown version did not load (${response.status}).`);
    return response.text();
  };

  const run = async (what: () => Promise<string>, done: string) => {
    setOpen(false);
    try {
      await copy(await what());
      setStatus(done);
    } catch (error) {
      setStatus(copyFailed(error));
    }
  };

  const copySection = (heading: string) =>
    run(async () => {
      const text = sectionOf(await markdown(), heading);
      if (!text) throw new Error(`the section “${heading}” is not in the Markdown version.`);
      return text;
    }, `Section “${heading}” copied as Markdown`);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !toggle.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    if (!status) return undefined;
    const timer = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  return (
    <div
      className={styles.copyPage}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <div className={styles.group}>
        <button type="button" className={styles.main} onClick={() => void run(markdown, 'Page copied as Markdown')}>
          Copy page
        </button>
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={`${id}-menu`}
          aria-label="More ways to copy this page"
          onClick={() => {
            setSection(headingInView(toggle.current));
            setOpen(!open);
          }}
        >
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <div ref={menu} id={`${id}-menu`} className={styles.menu} hidden={!open}>
        {/* Drawn when open: closed, its links are not part of the page's text. */}
        {open && (
          <ul>
            <li>
              <button type="button" onClick={() => void run(markdown, 'Page copied as Markdown')}>
                Copy page as Markdown
              </button>
            </li>
            {section && (
              <li>
                <button type="button" onClick={() => void copySection(section)}>
                  Copy section “{section}”
                </button>
              </li>
            )}
            <li>
              <a href={twin} target="_blank" rel="noopener" onClick={() => setOpen(false)}>
                View as Markdown<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            {notebook && (
              <li>
                <a href={notebook} download onClick={() => setOpen(false)}>
                  Download notebook<span className="sr-only"> (Jupyter, .ipynb)</span>
                </a>
              </li>
            )}
            {ASSISTANTS.map(([name, url]) => (
              <li key={name}>
                <a
                  href={`${url}${encodeURIComponent(prompt(twinUrl))}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => setOpen(false)}
                >
                  Open in {name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
            <li>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => {
                  setOpen(false);
                  void Promise.all([loadDialog(), loadStylesheet(dialogStylesheet)]).then(() => setConnecting(true));
                }}
              >
                Connect to your editor
              </button>
            </li>
          </ul>
        )}
      </div>
      {connecting && (
        <Suspense fallback={null}>
          <ConnectEditor
            siteUrl={siteUrl}
            onClose={() => {
              setConnecting(false);
              // The item that opened it is in the closed menu: focus goes back to the menu's button.
              toggle.current?.focus();
            }}
          />
        </Suspense>
      )}
      <span role="status" className={status ? styles.status : 'sr-only'}>
        {status}
      </span>
    </div>
  );
}
