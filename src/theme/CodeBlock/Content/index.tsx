import React, {useEffect, useId, useState, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import type {Token} from 'prism-react-renderer';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext, type CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import highlighter from '@atlas/highlighter';
import styles from './styles.module.css';

type LineProps = ComponentProps<typeof Line>;

/** Identifies a block's lines: its language, code, line classes and numbering. */
function linesKey({language, code, lineClassNames, lineNumbersStart}: CodeBlockMetadata): string {
  return JSON.stringify([language, code, lineClassNames, lineNumbersStart]);
}

/**
 * Highlighted lines the server rendered, by block. Read from the page while it
 * hydrates and kept: Docusaurus' Tabs remount their panels right after
 * hydration, and tab panels mount again when switched back to.
 */
const serverLines = new Map<string, string>();

function serverLinesOf(key: string, hydratingId: string | undefined): string | undefined {
  if (hydratingId !== undefined && !serverLines.has(key)) {
    const code = document.querySelector(`code[data-ssr-code="${CSS.escape(hydratingId)}"]`);
    if (code) serverLines.set(key, code.innerHTML);
  }
  return serverLines.get(key);
}

/** Lines as one plain token each, shown until the highlighter has loaded. */
function plainLines(code: string): Token[][] {
  return code.split(/\r\n|\r|\n/).map((content) => [{types: ['plain'], content: content || '\n', empty: !content}]);
}

const plainLineProps: LineProps['getLineProps'] = ({className, line: _line, ...rest}) => ({
  ...rest,
  className: clsx('token-line', className),
});

const plainTokenProps: LineProps['getTokenProps'] = ({token, className, ...rest}) => ({
  ...rest,
  className: clsx('token', ...token.types, className),
  children: token.content,
});

/**
 * The lines of a code block. The server highlights them with Prism; browsers
 * reuse that markup, so Prism is not part of any page's start-up script. Code
 * blocks the server did not render (another tab, a page reached by a client
 * navigation) load the highlighter and show plain lines until it arrives.
 */
export default function CodeBlockContent({className}: {className?: string}): ReactNode {
  const {
    metadata,
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  // While hydrating, ids are the server's: they mark its <code> elements.
  const id = useId();
  const isBrowser = useIsBrowser();
  const hydrating = ExecutionEnvironment.canUseDOM && !isBrowser;
  const [Highlight, setHighlight] = useState(highlighter.ready);
  const {code, language, lineClassNames, lineNumbersStart} = metadata;
  const markup =
    Highlight || !ExecutionEnvironment.canUseDOM
      ? undefined
      : serverLinesOf(linesKey(metadata), hydrating ? id : undefined);
  const needsHighlighter = !Highlight && markup === undefined;

  useEffect(() => {
    if (!needsHighlighter) return;
    let current = true;
    highlighter.load().then(
      (loaded) => current && setHighlight(() => loaded),
      // Plain lines stay readable when the chunk cannot be fetched (offline).
      (error: unknown) => console.warn('Code highlighting is unavailable:', error),
    );
    return () => {
      current = false;
    };
  }, [needsHighlighter]);

  const renderLines = (
    lines: Token[][],
    lineProps: LineProps['getLineProps'],
    tokenProps: LineProps['getTokenProps'],
  ) =>
    lines.map((line, i) => (
      <Line
        key={i}
        line={line}
        getLineProps={lineProps}
        getTokenProps={tokenProps}
        classNames={lineClassNames[i]}
        showLineNumbers={lineNumbersStart !== undefined}
      />
    ));

  const codeProps = {
    'data-ssr-code': id,
    className: clsx(styles.lines, lineNumbersStart !== undefined && styles.numbered),
    style: lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`},
  };
  let lines: ReactNode;
  if (markup !== undefined) {
    lines = <code {...codeProps} dangerouslySetInnerHTML={{__html: markup}} />;
  } else if (Highlight) {
    lines = (
      <Highlight theme={prismTheme} code={code} language={language}>
        {({tokens, getLineProps, getTokenProps}) => (
          <code {...codeProps}>{renderLines(tokens, getLineProps, getTokenProps)}</code>
        )}
      </Highlight>
    );
  } else {
    lines = <code {...codeProps}>{renderLines(plainLines(code), plainLineProps, plainTokenProps)}</code>;
  }

  return (
    <pre
      ref={codeBlockRef}
      // Scrollable region: reachable by keyboard.
      tabIndex={0}
      className={clsx(className, `prism-code language-${language.toLowerCase()}`, styles.pre, 'thin-scrollbar')}
      style={prismTheme.plain}
    >
      {lines}
    </pre>
  );
}
