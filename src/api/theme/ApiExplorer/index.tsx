import React, {useMemo, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import {API_KEY_VARIABLE, requestSamples, type Operation} from '../../shared/samples';
import styles from './styles.module.css';

/**
 * Replaces the theme's interactive explorer. With no send button it only
 * served its code samples, at the cost of a form builder, a live editor and
 * Postman's SDK on every API page; these samples come from the operation's own
 * example. The tabs share `code-samples` with the guides, so a reader's choice
 * of language follows them everywhere.
 */
export default function ApiExplorer({item}: {item: Operation}): ReactNode {
  const samples = useMemo(() => requestSamples(item), [item]);
  return (
    <section className={styles.samples} aria-label="Request samples">
      <p className={styles.title}>Request sample</p>
      <Tabs groupId="code-samples" defaultValue="python" lazy>
        <TabItem value="python" label="Python">
          <CodeBlock language="python">{samples.python}</CodeBlock>
        </TabItem>
        <TabItem value="curl" label="curl">
          <CodeBlock language="bash">{samples.curl}</CodeBlock>
        </TabItem>
      </Tabs>
      <p className={styles.note}>
        Set <code>{API_KEY_VARIABLE}</code> to an Atlas API key first. See{' '}
        <Link to="/reference/getting-started/">authentication</Link>.
      </p>
    </section>
  );
}
