import React, {useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {useSiteLinks} from '@site/src/components/SiteLinks';
import {analyticsAllowed, type PrivacySignals} from '../consent';
import {track} from '../events';
import type {AnalyticsConfig, Vote} from '../types';
import styles from './styles.module.css';

export const COMMENT_LIMIT = 500;

/** A new issue in the docs repository with the page, the vote and the comment filled in. */
export function feedbackIssueUrl(
  repo: string,
  page: {url: string; title: string},
  vote: Vote,
  comment: string,
): string {
  const body = [`Page: ${page.url}`, `Helpful: ${vote === 'yes' ? 'Yes' : 'No'}`, '', comment.trim()].join('\n');
  const params = new URLSearchParams({title: `Docs feedback: ${page.title}`, body: body.trimEnd()});
  return `${repo.replace(/\/$/, '')}/issues/new?${params}`;
}

type State = {step: 'ask'} | {step: 'comment'; vote: Vote} | {step: 'sent'};

/**
 * "Was this page helpful?" With analytics on, the vote and an optional comment
 * are sent as events; without it (or when the browser asks not to be tracked)
 * the reader gets a pre-filled GitHub issue instead, and nothing is stored.
 */
export default function Feedback({title}: {title: string}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {repo} = useSiteLinks();
  const {pathname} = useLocation();
  const [state, setState] = useState<State>({step: 'ask'});
  const [comment, setComment] = useState('');
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const config = siteConfig.customFields!.analytics as AnalyticsConfig;
  // Read on click, in the browser: the server renders the same question either way.
  const sends = () => analyticsAllowed(config, navigator as PrivacySignals);

  const vote = (value: Vote) => {
    if (sends()) track({name: 'Page feedback', props: {page: pathname, vote: value}});
    setState({step: 'comment', vote: value});
    // The buttons are gone; the comment box is where the reader goes next.
    requestAnimationFrame(() => commentRef.current?.focus());
  };

  const submit = (event: FormEvent, value: Vote) => {
    event.preventDefault();
    if (comment.trim())
      track({name: 'Page feedback comment', props: {page: pathname, vote: value, comment: comment.trim()}});
    setState({step: 'sent'});
  };

  return (
    <section className={styles.feedback} aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`} className={styles.question}>
        Was this page helpful?
      </p>
      {state.step === 'ask' && (
        <div className={styles.votes} role="group" aria-labelledby={`${id}-question`}>
          <button
            type="button"
            className="button button--outline button--secondary button--sm"
            onClick={() => vote('yes')}
          >
            Yes
          </button>
          <button
            type="button"
            className="button button--outline button--secondary button--sm"
            onClick={() => vote('no')}
          >
            No
          </button>
        </div>
      )}
      <p role="status" className={state.step === 'ask' ? 'sr-only' : styles.thanks}>
        {state.step === 'comment' && 'Thanks for your feedback.'}
        {state.step === 'sent' && 'Thanks, your comment was sent.'}
      </p>
      {state.step === 'comment' &&
        (sends() ? (
          <form className={styles.form} onSubmit={(event) => submit(event, state.vote)}>
            <CommentBox id={id} ref={commentRef} comment={comment} setComment={setComment} />
            <button type="submit" className="button button--primary button--sm" disabled={!comment.trim()}>
              Send comment
            </button>
          </form>
        ) : (
          <div className={styles.form}>
            <CommentBox id={id} ref={commentRef} comment={comment} setComment={setComment} />
            <a
              className="button button--primary button--sm"
              href={feedbackIssueUrl(repo, {url: `${siteConfig.url}${pathname}`, title}, state.vote, comment)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Open an issue on GitHub<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <p className={styles.note}>
              GitHub opens with this page, your answer and your comment filled in. This site stores nothing.
            </p>
          </div>
        ))}
    </section>
  );
}

function CommentBox({
  id,
  ref,
  comment,
  setComment,
}: {
  id: string;
  ref: React.Ref<HTMLTextAreaElement>;
  comment: string;
  setComment: (value: string) => void;
}): ReactNode {
  return (
    <>
      <label htmlFor={`${id}-comment`} className={styles.label}>
        What could be better? (optional)
      </label>
      <textarea
        id={`${id}-comment`}
        ref={ref}
        className={styles.comment}
        rows={3}
        maxLength={COMMENT_LIMIT}
        value={comment}
        onChange={(event) => setComment(event.target.value.slice(0, COMMENT_LIMIT))}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className={styles.count}>
        {comment.length}/{COMMENT_LIMIT} characters
      </p>
    </>
  );
}
