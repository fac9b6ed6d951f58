import React, {Children, isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** Joins string children into one copyable string; elements stay as they are. */
function codeOf(children: ReactNode): ReactNode {
  if (Children.toArray(children).some(isValidElement)) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * theme-classic's CodeBlock remounts every block once the page has hydrated,
 * so that a dark colour mode gets its Prism colours. This site has one colour
 * mode, and the remount rebuilt every block of a page in one long task; the
 * server-rendered lines are kept instead (see ./Content).
 */
export default function CodeBlock({children, ...props}: Props): ReactNode {
  const code = codeOf(children);
  // What CI's samples run proved of this very block, put in its info string at build (src/samples-proof).
  const proof = /(?:^|\s)proof="([^"]*)"/.exec(props.metastring ?? '')?.[1];
  const block =
    typeof code === 'string' ? (
      <StringContent {...props}>{code}</StringContent>
    ) : (
      <ElementContent {...props}>{code}</ElementContent>
    );
  return proof ? (
    <>
      {block}
      <p className="code-proof">{proof}</p>
    </>
  ) : (
    block
  );
}
