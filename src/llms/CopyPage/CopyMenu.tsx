import React, {type ReactNode} from 'react';

/** A prompt for a chat assistant naming the twin; the assistant fetches it, this site sends nothing. */
const prompt = (url: string) => `Read ${url} so I can ask questions about it.`;
/** Assistants that open a new chat from a prompt in their URL: name, and the URL the prompt follows. */
const ASSISTANTS = [
  ['ChatGPT', 'https://chatgpt.com/?q='],
  ['Claude', 'https://claude.ai/new?q='],
] as const;

export interface CopyMenuProps {
  /** The twin's path, and its absolute URL (for the assistants). */
  twin: string;
  twinUrl: string;
  /** The notebook twin's path, on pages with Python. */
  notebook?: string;
  /** The heading of the section in view, if any. */
  section?: string;
  onCopyPage: () => void;
  onCopySection: (heading: string) => void;
  onConnect: () => void;
  /** Closes the menu (a link was followed). */
  onClose: () => void;
}

/** The open Copy page menu's items. */
export default function CopyMenu({
  twin,
  twinUrl,
  notebook,
  section,
  onCopyPage,
  onCopySection,
  onConnect,
  onClose,
}: CopyMenuProps): ReactNode {
  return (
    <ul>
      <li>
        <button type="button" onClick={onCopyPage}>
          Copy page as Markdown
        </button>
      </li>
      {section && (
        <li>
          <button type="button" onClick={() => onCopySection(section)}>
            Copy section “{section}”
          </button>
        </li>
      )}
      <li>
        <a href={twin} target="_blank" rel="noopener" onClick={onClose}>
          View as Markdown<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </li>
      {notebook && (
        <li>
          <a href={notebook} download onClick={onClose}>
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
            onClick={onClose}
          >
            Open in {name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
      <li>
        <button type="button" aria-haspopup="dialog" onClick={onConnect}>
          Connect to your editor
        </button>
      </li>
    </ul>
  );
}
