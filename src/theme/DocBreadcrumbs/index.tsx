import React, {type ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import CopyPage from '@site/src/llms/CopyPage';
import styles from './styles.module.css';

/** Wraps theme-classic's breadcrumbs: doc and API pages get "Copy page" on the same row. */
export default function DocBreadcrumbsWithCopy(): ReactNode {
  return (
    <div className={styles.bar}>
      <DocBreadcrumbs />
      <CopyPage />
    </div>
  );
}
