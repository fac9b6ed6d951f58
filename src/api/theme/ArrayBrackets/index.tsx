import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

// Replaces the API theme's ArrayBrackets (docusaurus-theme-openapi-docs 5.2.0,
// lib/theme/ArrayBrackets): the theme draws them as <li> elements dimmed with
// opacity inside a schema tree that is not a list (axe: `listitem`, contrast).

export function OpeningArrayBracket(): ReactNode {
  return <div className={styles.opening}>Array [</div>;
}

export function ClosingArrayBracket(): ReactNode {
  return <div className={styles.closing}>]</div>;
}
