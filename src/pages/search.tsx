import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import SearchPage from '@site/src/search/SearchPage';

export default function Search(): ReactNode {
  return (
    <Layout title="Search" description="Search the Nomic Atlas documentation.">
      <SearchPage />
    </Layout>
  );
}
