import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

const AREAS = [
  {
    title: 'Quick start',
    to: '/platform/quick-start',
    text: 'Create an account, get an API key and build your first data map in a few lines of Python.',
  },
  {
    title: 'Datasets and data maps',
    to: '/platform/datasets/',
    text: 'Upload tables, text or images, then explore them as an interactive map with topics, tags and duplicates.',
  },
  {
    title: 'Embeddings and retrieval',
    to: '/platform/embeddings-and-retrieval/generate-embeddings',
    text: 'Turn text and images into vectors with Nomic Embed, and use them for search, RAG and classification.',
  },
  {
    title: 'Files',
    to: '/platform/files/',
    text: 'Upload documents, parse them into structured chunks, or extract fields with a JSON schema.',
  },
  {
    title: 'API reference',
    to: '/reference/getting-started/',
    text: 'Authentication, every REST endpoint with Python and curl samples, and the Python and TypeScript clients.',
  },
];

export default function Home(): ReactNode {
  return (
    <Layout
      title="Documentation"
      description="Documentation for Nomic Atlas: data maps, text and image embeddings, document parsing and the Atlas REST API."
    >
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.title}>
            Nomic Atlas documentation
          </Heading>
          <p className={styles.lead}>
            Atlas turns large collections of text, images and embeddings into interactive data maps you can search, tag
            and share, and gives you APIs to embed, parse and extract data in your own applications.
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
      </header>
      <main className="container margin-vert--xl">
        <Heading as="h2" className={styles.sectionTitle}>
          Explore the docs
        </Heading>
        <ul className={styles.cards}>
          {AREAS.map(({title, to, text}) => (
            <li key={to} className={styles.card}>
              <Heading as="h3" className={styles.cardTitle}>
                <Link to={to} className={styles.cardLink}>
                  {title}
                </Link>
              </Heading>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}
