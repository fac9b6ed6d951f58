import React, {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import type {Block} from '../search/passages';
import {oneLine} from './compose';
import {track} from '../analytics/events';
import {MAX_QUERY_LENGTH, searchHref} from '../search/searchUrl';
import {openKapa} from './kapa';
import {panelProvider} from './providers';
import {DISCLAIMER, EXAMPLE_QUESTIONS, type Answer, type AskAiConfig, type Passage} from './types';
import styles from './styles.module.css';

type Exchange =
  | {question: string; status: 'loading'}
  | {question: string; status: 'answering'; text: string}
  /** `refining`: shown, and its sections to read more may still be ranked again by meaning. */
  | {question: string; status: 'done'; text: string; answer: Answer; refining?: boolean}
  | {question: string; status: 'error'; message: string};

export interface PanelProps {
  config: AskAiConfig;
  onClose: () => void;
  /** Kapa's widget failed to load: the panel shows why, with Retry. */
  kapaError?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), textarea, input, [tabindex]:not([tabindex="-1"])';

/** Answer text with its `[n]` markers as links to the cited sections (chat endpoint answers). */
function CitedText({text, sources, onCite}: {text: string; sources: Passage[]; onCite: (source: Passage) => void}) {
  const parts = text.split(/(\[\d+\])/);
  return (
    <p className={styles.answerText}>
      {parts.map((part, i) => {
        const source = /^\[(\d+)\]$/.exec(part) ? sources[Number(part.slice(1, -1)) - 1] : undefined;
        if (!source) return <React.Fragment key={i}>{part}</React.Fragment>;
        return (
          <Link
            key={i}
            to={source.url}
            className={styles.citation}
            onClick={() => onCite(source)}
            aria-label={sourceLabel(source)}
          >
            [{source.n}]
          </Link>
        );
      })}
    </p>
  );
}

const sourceLabel = (source: Passage) =>
  `Source ${source.n}: ${source.title}${source.section ? `, ${source.section}` : ''}`;
const sourceName = (source: Passage) => `${source.title}${source.section ? ` — ${source.section}` : ''}`;

/** Words with `inline code` as code. */
function Inline({text}: {text: string}) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, i) =>
          /^`[^`]+`$/.test(part) ? (
            <code key={i}>{part.slice(1, -1)}</code>
          ) : (
            <React.Fragment key={i}>{part}</React.Fragment>
          ),
        )}
    </>
  );
}

/** A passage quoted from the docs, shown as the docs show it. */
function Quoted({blocks}: {blocks: Block[]}) {
  return (
    <div className={styles.quoted}>
      {blocks.map((block, i) => {
        if ('p' in block)
          return (
            <p key={i}>
              <Inline text={block.p} />
            </p>
          );
        if ('list' in block) {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={i}>
              {block.list.map((item, j) => (
                <li key={j}>
                  <Inline text={item} />
                </li>
              ))}
            </List>
          );
        }
        if ('table' in block) {
          const [head = [], ...rows] = block.table;
          return (
            // A wide table scrolls; the region can be focused to scroll it by keyboard.
            <div key={i} className={styles.tableWrap} tabIndex={0} role="group" aria-label="Table from the docs">
              <table>
                <thead>
                  <tr>
                    {head.map((cell, j) => (
                      <th key={j} scope="col">
                        <Inline text={cell} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, j) => (
                    <tr key={j}>
                      {row.map((cell, k) => (
                        <td key={k}>
                          <Inline text={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }
        return (
          <CodeBlock key={i} language={block.lang}>
            {block.code}
          </CodeBlock>
        );
      })}
    </div>
  );
}

function plainAnswer(answer: Answer): string {
  const sources = answer.sources.map((s) => `[${s.n}] ${sourceName(s)}: ${s.url}`);
  return `${answer.text}\n\n${sources.join('\n')}`;
}

/** What a screen reader hears when an answer arrives. */
export function announcementOf(answer: Answer): string {
  if (answer.notFound) return `No direct answer in the docs. ${answer.sources.length} close pages are listed.`;
  const text = answer.text
    .replace(/\[\d+\]|[`|#*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const source = answer.grounded && answer.sources[0] ? ` From ${sourceName(answer.sources[0])}.` : '';
  return `Answer: ${text.length > 300 ? `${text.slice(0, 299)}…` : text}${source}`;
}

function AnswerView({
  answer,
  question,
  refining,
  onNavigate,
}: {
  answer: Answer;
  question: string;
  refining?: boolean;
  onNavigate: () => void;
}) {
  const [copied, setCopied] = useState(false);
  // Reported: which source was followed, never the answer's text.
  const onCite = (source: Passage) => {
    track({name: 'Ask AI citation click', props: {position: source.n, target: source.url}});
    onNavigate();
  };
  const [first, ...more] = answer.sources;
  return (
    <div className={styles.answer}>
      <p className={styles.label}>
        {answer.notFound
          ? 'No direct answer in the docs'
          : answer.grounded
            ? 'Quoted from the docs'
            : 'AI generated from the docs: check the sources'}
      </p>
      {answer.lead && first ? (
        <>
          <Quoted blocks={answer.lead} />
          <p className={styles.from}>
            From{' '}
            <Link to={first.url} onClick={() => onCite(first)} aria-label={sourceLabel(first)}>
              {sourceName(first)}
            </Link>
          </p>
          {more.length > 0 && (
            <>
              <h3 className={styles.readMore}>Read more</h3>
              {/* Busy while meaning may still rank it again: the quote above it never changes. */}
              <ul className={styles.sources} aria-busy={refining || undefined}>
                {more.map((source) => (
                  <li key={source.n}>
                    <Link to={source.url} onClick={() => onCite(source)} aria-label={sourceLabel(source)}>
                      {sourceName(source)}
                    </Link>
                    <span className={styles.snippet}>{oneLine(source)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <>
          <CitedText text={answer.text} sources={answer.sources} onCite={onCite} />
          {answer.sources.length > 0 && (
            <ol className={styles.sources} aria-label={answer.notFound ? 'Closest pages' : 'Sources'}>
              {answer.sources.map((source) => (
                <li key={source.n}>
                  <Link to={source.url} onClick={() => onCite(source)}>
                    {sourceName(source)}
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <div className={styles.actions}>
        {answer.notFound && (
          <Link
            to={searchHref(question.slice(0, MAX_QUERY_LENGTH))}
            onClick={onNavigate}
            className="button button--sm button--secondary"
          >
            Search the docs for “{question.slice(0, 40)}”
          </Link>
        )}
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(plainAnswer(answer)).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy answer'}
        </button>
      </div>
    </div>
  );
}

/**
 * The Ask AI dialog: example questions, the disclaimer, a conversation whose
 * answers cite the sections they come from, and an error state with Retry.
 * Loaded on first open only. Focus stays inside while it is open; Escape
 * closes it and the caller returns focus to its button.
 */
export default function Panel({config, onClose, kapaError: initialKapaError}: PanelProps): ReactNode {
  const titleId = useId();
  const disclaimerId = useId();
  const inputId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [draft, setDraft] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [kapaError, setKapaError] = useState<string | null>(initialKapaError ?? null);
  const busy = exchanges.some((e) => e.status === 'loading' || e.status === 'answering');

  useEffect(() => {
    input.current?.focus();
    // The reader takes seconds to type: load what answers need meanwhile.
    panelProvider(config).prepare?.();
    return () => abort.current?.abort();
  }, [config]);

  const update = (index: number, next: Exchange) =>
    setExchanges((all) => all.map((exchange, i) => (i === index ? next : exchange)));

  const ask = useCallback(
    async (question: string, index: number, history: Exchange[]) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setAnnouncement('Searching the docs…');
      let shown = false;
      try {
        const answer = await panelProvider(config).answer({
          question,
          history: history.flatMap((e) => (e.status === 'done' ? [{question: e.question, answer: e.text}] : [])),
          signal: controller.signal,
          onText: (text) => update(index, {question, status: 'answering', text}),
          // Shown at once; the final answer keeps its lead and may rank the sections to read more again.
          onAnswer: (first) => {
            shown = true;
            update(index, {question, status: 'done', text: first.text, answer: first, refining: true});
            setAnnouncement(announcementOf(first));
          },
        });
        if (controller.signal.aborted) return;
        update(index, {question, status: 'done', text: answer.text, answer});
        if (!shown) setAnnouncement(announcementOf(answer));
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : 'Something went wrong.';
        update(index, {question, status: 'error', message});
        setAnnouncement(`The answer failed: ${message}`);
      }
    },
    [config],
  );

  const submit = (question: string) => {
    const text = question.trim();
    if (!text || busy) return;
    const history = exchanges;
    track({
      name: 'Ask AI question',
      props: {
        provider: config.provider,
        question_length: text.length,
        example: (EXAMPLE_QUESTIONS as readonly string[]).includes(text),
      },
    });
    setExchanges([...history, {question: text, status: 'loading'}]);
    setDraft('');
    void ask(text, history.length, history);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && dialog.current) {
      const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const [first, last] = [focusable[0], focusable.at(-1)];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={disclaimerId}
        className={styles.panel}
        // The search shortcuts stay quiet while the reader types here.
        data-no-search-shortcuts=""
        onKeyDown={onKeyDown}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Ask AI
          </h2>
          {exchanges.length > 0 && (
            <button
              type="button"
              className="button button--sm button--link"
              onClick={() => {
                abort.current?.abort();
                setExchanges([]);
                setAnnouncement('New conversation');
                input.current?.focus();
              }}
            >
              New conversation
            </button>
          )}
          <button type="button" className={styles.close} aria-label="Close Ask AI" onClick={onClose}>
            ×
          </button>
        </header>
        <p id={disclaimerId} className={styles.disclaimer}>
          {DISCLAIMER}
        </p>
        {kapaError ? (
          <div role="alert" className={styles.error}>
            <p>{kapaError}</p>
            <button
              type="button"
              className="button button--sm button--primary"
              onClick={() => {
                setKapaError(null);
                openKapa(config as Extract<AskAiConfig, {provider: 'kapa'}>).then(onClose, (error: Error) =>
                  setKapaError(error.message),
                );
              }}
            >
              Retry
            </button>
          </div>
        ) : (
          <>
            <div className={styles.thread}>
              {exchanges.length === 0 && (
                <div className={styles.examples}>
                  <p>Try an example:</p>
                  {EXAMPLE_QUESTIONS.map((question) => (
                    <button
                      key={question}
                      type="button"
                      className="button button--sm button--outline button--primary"
                      onClick={() => submit(question)}
                    >
                      {question}
                    </button>
                  ))}
                </div>
              )}
              {exchanges.map((exchange, i) => (
                <section key={i} className={styles.exchange} aria-label={`Question ${i + 1}`}>
                  <p className={styles.question}>{exchange.question}</p>
                  {exchange.status === 'loading' && <p className={styles.status}>Searching the docs…</p>}
                  {exchange.status === 'answering' && <p className={styles.answerText}>{exchange.text}</p>}
                  {exchange.status === 'done' && (
                    <AnswerView
                      answer={exchange.answer}
                      question={exchange.question}
                      refining={exchange.refining}
                      onNavigate={onClose}
                    />
                  )}
                  {exchange.status === 'error' && (
                    <div className={styles.error}>
                      <p>{exchange.message}</p>
                      <button
                        type="button"
                        className="button button--sm button--primary"
                        onClick={() => {
                          const history = exchanges.slice(0, i);
                          update(i, {question: exchange.question, status: 'loading'});
                          void ask(exchange.question, i, history);
                        }}
                      >
                        Retry
                      </button>
                    </div>
                  )}
                </section>
              ))}
            </div>
            <form
              className={styles.form}
              onSubmit={(event) => {
                event.preventDefault();
                submit(draft);
              }}
            >
              <label htmlFor={inputId} className={styles.inputLabel}>
                {exchanges.length > 0 ? 'Ask a follow-up question' : 'Your question'}
              </label>
              <textarea
                id={inputId}
                ref={input}
                rows={2}
                maxLength={500}
                value={draft}
                className={styles.input}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  // Enter sends; Shift+Enter starts a new line.
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    submit(draft);
                  }
                }}
              />
              <button type="submit" className="button button--primary" disabled={busy || !draft.trim()}>
                Ask
              </button>
            </form>
          </>
        )}
        <div aria-live="polite" className="sr-only">
          {announcement}
        </div>
      </div>
    </div>
  );
}
