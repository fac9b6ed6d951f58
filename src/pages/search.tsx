import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

export default function SearchPage(): ReactNode {
  return (
    <Layout title="Search" description="Search the Nomic Atlas documentation.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Search the documentation</Heading>
        <form action="/search" method="get" role="search">
          <label htmlFor="search-page-input">Search docs</label>{' '}
          <input id="search-page-input" name="q" type="search" maxLength={64} />{' '}
          <button type="submit" className="button button--primary button--sm">
            Search
          </button>
        </form>
      </main>
    </Layout>
  );
}
