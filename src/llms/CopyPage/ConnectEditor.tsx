import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import {editorSteps, MCP_PATH, type McpTarget} from '../../data/mcp';
import {copy, copyFailed} from './copy';

/** The checkout path a reader replaces with their own. */
const CHECKOUT = '/path/to/atlas-docs';

/** Each editor's one step to add the docs' MCP server, for `target`, each with its own copy button. */
function EditorSteps({target, onCopy}: {target: McpTarget; onCopy: (text: string, what: string) => void}): ReactNode {
  return (
    <ul className="connect-editor__steps">
      {editorSteps(target).map((step) => (
        <li key={step.editor}>
          <span className="connect-editor__editor">{step.editor}</span>
          {step.kind === 'open' ? (
            <a href={step.text}>Add to {step.editor}</a>
          ) : (
            <code className="connect-editor__command">{step.text}</code>
          )}
          <button type="button" onClick={() => onCopy(step.text, step.editor)}>
            Copy
            <span className="sr-only">
              {' '}
              {step.kind === 'open' ? 'link' : 'command'} for {step.editor}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "Connect to your editor": a modal dialog with each editor's step to add the docs' MCP server. */
export default function ConnectEditor({siteUrl, onClose}: {siteUrl: string; onClose: () => void}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const [status, setStatus] = useState('');
  useEffect(() => dialog.current?.showModal(), []);
  const copyStep = (text: string, editor: string) =>
    copy(text).then(
      () => setStatus(`${editor} step copied`),
      (error: unknown) => setStatus(copyFailed(error)),
    );
  return (
    <dialog ref={dialog} className="connect-editor" aria-labelledby="connect-editor-title" onClose={onClose}>
      <h2 id="connect-editor-title">Connect to your editor</h2>
      <p>Add the docs' MCP server to your editor, so its assistant can search and read these pages.</p>
      <h3>Hosted</h3>
      <EditorSteps target={{url: `${siteUrl}${MCP_PATH}`}} onCopy={copyStep} />
      <h3>From a checkout of the docs</h3>
      <p>
        Replace <code>{CHECKOUT}</code> with where your checkout is.
      </p>
      <EditorSteps target={{checkout: CHECKOUT}} onCopy={copyStep} />
      <span role="status" className={status ? 'connect-editor__status' : 'sr-only'}>
        {status}
      </span>
      <form method="dialog">
        <button type="submit" className="connect-editor__close">
          Close
        </button>
      </form>
    </dialog>
  );
}
