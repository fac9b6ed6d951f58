import React, {createContext, useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import {renderInlineMarkdown} from '../../browser/inlineMarkdown';

const MarkdownHtml = createContext<Record<string, string>>({});

/** Provides a page's descriptions, rendered to HTML when the page was generated. */
export const MarkdownHtmlProvider = MarkdownHtml.Provider;

interface Props {
  children?: ReactNode;
  className?: string;
}

/**
 * Replaces the API theme's Markdown renderer (react-markdown with its parser
 * stack), which parsed every schema and parameter description of an API page
 * in the browser. Descriptions come already rendered (MarkdownHtmlProvider);
 * what the theme composes at run time is plain enough for an inline renderer.
 */
export default function Markdown({children, className}: Props): ReactNode {
  const html = useContext(MarkdownHtml);
  if (typeof children !== 'string' && typeof children !== 'number') {
    return <div className={className}>{children}</div>;
  }
  const source = String(children);
  return (
    <div
      className={clsx('openapi-markdown', className)}
      dangerouslySetInnerHTML={{__html: html[source] ?? renderInlineMarkdown(source)}}
    />
  );
}
