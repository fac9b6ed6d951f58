import React, {useState, type ReactNode} from 'react';
import {useDocsSidebar} from '@docusaurus/plugin-content-docs/client';
import BackToTopButton from '@theme/BackToTopButton';
import DocRootLayoutSidebar from '@theme/DocRoot/Layout/Sidebar';
import DocRootLayoutMain from '@theme/DocRoot/Layout/Main';
import type {Props} from '@theme/DocRoot/Layout';
// Docusaurus' own layout rules; src/css/custom.css draws the sidebar first.
import styles from '@docusaurus/theme-classic/lib/theme/DocRoot/Layout/styles.module.css';

/**
 * Docusaurus' doc layout with the page's content before the sidebar in the
 * document, so the text an agent (or a reader of the raw HTML) converts starts
 * with the page, not with a hundred sidebar links. CSS `order` keeps the
 * sidebar on the left, so the page looks the same; keyboard focus reaches the
 * content before the sidebar.
 */
export default function DocRootLayout({children}: Props): ReactNode {
  const sidebar = useDocsSidebar();
  const [hiddenSidebarContainer, setHiddenSidebarContainer] = useState(false);
  return (
    <div className={styles.docsWrapper}>
      <BackToTopButton />
      <div className={styles.docRoot}>
        <DocRootLayoutMain hiddenSidebarContainer={hiddenSidebarContainer}>{children}</DocRootLayoutMain>
        {sidebar && (
          <DocRootLayoutSidebar
            sidebar={sidebar.items}
            hiddenSidebarContainer={hiddenSidebarContainer}
            setHiddenSidebarContainer={setHiddenSidebarContainer}
          />
        )}
      </div>
    </div>
  );
}
