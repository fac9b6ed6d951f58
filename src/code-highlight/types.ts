import type {Highlight} from 'prism-react-renderer';

export type HighlightComponent = typeof Highlight;

/**
 * What `@atlas/highlighter` resolves to: `./server` in the server render,
 * `./client` in browsers (see src/code-highlight/plugin.ts).
 */
export interface Highlighter {
  /** The highlighter when it can render now, else undefined. */
  ready(): HighlightComponent | undefined;
  /** Loads the highlighter once; later calls share the same promise. */
  load(): Promise<HighlightComponent>;
}
