import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {MAIN_SECTIONS} from '@site/src/data/sections';
import styles from './index.module.css';

export default function Home(): ReactNode {
  return (
    <Layout
      title="Documentation"
      description="Documentation for Nomic Atlas: data maps, text and image embeddings, document parsing and the Atlas REST API."
    >
      {/* One main landmark holds the title too; a page-level <header> would be a
          second banner beside the announcement bar's. */}
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              Nomic Atlas documentation
            </Heading>
            <p className={styles.lead}>
              Atlas turns large collections of text, images and embeddings into interactive data maps you can search,
              tag and share, and gives you APIs to embed, parse and extract data in your own applications.
            </p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to="/platform/quick-start">
                Get started
              </Link>
              <Link className="button button--secondary button--lg" to="/reference/getting-started/">
                Read the API reference
              </Link>
            </div>
          </div>
        </div>
        <div className="container margin-vert--xl">
          <Heading as="h2" className={styles.sectionTitle}>
            Explore the docs
          </Heading>
          <ul className={styles.cards}>
            {MAIN_SECTIONS.map(({label, to, summary}) => (
              <li key={to} className={styles.card}>
                <Heading as="h3" className={styles.cardTitle}>
                  <Link to={to} className={styles.cardLink}>
                    {label}
                  </Link>
                </Heading>
                <p>{summary}</p>
              </li>
            ))}
          </ul>
        </div>
      </main>
    </Layout>
  );
}
