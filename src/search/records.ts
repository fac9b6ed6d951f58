import type {Block} from './passages';

/**
 * One searchable section of the site: a page's introduction or one of its
 * h2/h3 sections, or an API operation. The shape follows DocSearch's records
 * (`hierarchy`, `type`, `url`), so the modal can show local and Algolia hits alike.
 */
export interface SearchRecord {
  id: number;
  /** Page URL, with `#anchor` for a section. */
  url: string;
  type: 'lvl1' | 'lvl2' | 'lvl3';
  hierarchy: {
    /** The area of the site, e.g. "Data maps" or "API reference". */
    lvl0: string;
    /** Page title. */
    lvl1: string;
    lvl2?: string;
    lvl3?: string;
  };
  /** Plain text of the section (shown in snippets). */
  content: string;
  /** Words to match but not show: code identifiers, API paths and parameters. */
  keywords?: string;
  /** The section as Ask AI quotes it; without it, its content is one paragraph. */
  blocks?: Block[];
}

/** A record as the browser knows it before fetching its text. */
export type IndexedRecord = Omit<SearchRecord, 'content' | 'keywords' | 'blocks'>;
