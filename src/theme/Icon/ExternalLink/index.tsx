import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

interface Props {
  width?: number;
  height?: number;
}

/**
 * The theme's "opens in new tab" icon, named as an image: an <svg> with only an
 * aria-label is not reliably announced (no role), so links out lost the hint.
 */
export default function IconExternalLink({width = 13.5, height = 13.5}: Props): ReactNode {
  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={translate({
        id: 'theme.IconExternalLink.ariaLabel',
        message: '(opens in new tab)',
        description: 'The ARIA label for the external link icon',
      })}
      className={styles.iconExternalLink}
    >
      {/* The theme's inline sprite (docusaurus-theme-classic inlineSvgSprites). */}
      <use href="#theme-svg-external-link" />
    </svg>
  );
}
