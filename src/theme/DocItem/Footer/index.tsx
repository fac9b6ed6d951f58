import React, {type ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Feedback from '@site/src/analytics/Feedback';

/** Wraps theme-classic's doc footer: every doc and API page ends with the feedback question. */
export default function DocItemFooter(): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <Footer />
      <Feedback title={metadata.title} />
    </>
  );
}
