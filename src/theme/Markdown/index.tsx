import React, {useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import {Marked} from 'marked';

// Raw HTML in a description is shown as text, never interpreted.
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({text}) => escapeHtml(text),
  },
});

/** Markdown rendered to HTML synchronously; exported for tests. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source) as string;
}

interface Props {
  children?: ReactNode;
  className?: string;
}

/**
 * Replaces the API theme's Markdown renderer (react-markdown with its parser
 * stack), which rendered every schema and parameter description of an API page
 * on load. Descriptions are short GitHub-flavoured Markdown; marked turns them
 * into the same HTML in a fraction of the time and code.
 */
export default function Markdown({children, className}: Props): ReactNode {
  const source = typeof children === 'string' || typeof children === 'number' ? String(children) : undefined;
  const html = useMemo(() => (source === undefined ? undefined : renderMarkdown(source)), [source]);
  if (html === undefined) return <div className={className}>{children}</div>;
  return <div className={clsx('openapi-markdown', className)} dangerouslySetInnerHTML={{__html: html}} />;
}
