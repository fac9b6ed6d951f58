import React, {type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Details from '@theme/Details';
import Markdown from '../theme/Markdown';
import Schema from '@theme/Schema';
import SchemaExpansion from '@theme/SchemaExpansion';
import TabItem from '@theme/TabItem';
import Tabs from './Tabs';
import {SCHEMA_EXAMPLE, type MediaType} from '../shared/types';

interface Props {
  /** Body title: "Body" for requests, "Schema" for responses. */
  title: string;
  kind: 'request' | 'response';
  content: Record<string, MediaType>;
  description?: string;
  required?: boolean;
}

/**
 * The example tabs of a body: the spec's named examples, else its one example,
 * else the example made from the schema when the page was generated.
 */
function exampleTabs(media: MediaType, mimeType: string): ReactNode[] {
  const language = mimeType.endsWith('json') ? 'json' : 'text';
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  // The spec's own string examples are shown as written.
  const asWritten = (value: unknown) => (typeof value === 'string' ? value : json(value));
  const tab = (value: string, text: string, summary?: string) => (
    <TabItem key={value} value={value} label={value}>
      {summary && <Markdown className="openapi-example__summary">{summary}</Markdown>}
      <div className="openapi-code__code-samples-container">
        <CodeBlock language={language}>{text}</CodeBlock>
      </div>
    </TabItem>
  );
  if (media.examples) {
    return Object.entries(media.examples).map(([name, example]) =>
      tab(name, asWritten(example.value), example.summary),
    );
  }
  if (media.example !== undefined) return [tab('Example', asWritten(media.example))];
  if (media[SCHEMA_EXAMPLE] !== undefined) return [tab('Example (auto)', json(media[SCHEMA_EXAMPLE]))];
  return [];
}

/**
 * A request or response body: per media type, its schema tree and examples
 * (the spec's own, else one made from the schema). Unlike the theme's
 * versions it renders on the server too, so the page does not shift when it
 * hydrates, and it keeps no state of its own.
 */
export default function MediaTypes({title, kind, content, description, required}: Props): ReactNode {
  const mimeTypes = Object.keys(content);
  if (mimeTypes.length === 0) return null;
  const panel = (mimeType: string) => {
    const media = content[mimeType];
    if (!media.schema) return <p>No schema.</p>;
    return (
      <Tabs
        label={`${kind === 'request' ? 'Request' : 'Response'} ${mimeType}`}
        listClassName="openapi-tabs__schema-list-container"
        itemClassName={() => 'openapi-tabs__schema-item'}
      >
        <TabItem label={title} value={title}>
          <Details
            className={`openapi-markdown__details ${kind === 'request' ? 'mime' : 'response'}`}
            open
            summary={
              <summary className="openapi-markdown__details-summary--with-control">
                <strong className="openapi-markdown__details-summary-response">
                  {title}
                  {required && <span className="openapi-schema__required">required</span>}
                </strong>
                <SchemaExpansion />
              </summary>
            }
          >
            {description && (
              <div className="margin-vert--md">
                <Markdown>{description}</Markdown>
              </div>
            )}
            {/* The theme puts the tree in a <ul> whose children are <div>s, which a list may not hold. */}
            <div className="openapi-schema__tree">
              <Schema schema={media.schema} schemaType={kind} />
            </div>
          </Details>
        </TabItem>
        {exampleTabs(media, mimeType)}
      </Tabs>
    );
  };
  if (mimeTypes.length === 1) return panel(mimeTypes[0]);
  return (
    <Tabs
      label="Media types"
      listClassName="openapi-tabs__mime-list-container"
      itemClassName={() => 'openapi-tabs__mime-item'}
    >
      {mimeTypes.map((mimeType) => (
        <TabItem key={mimeType} label={mimeType} value={mimeType}>
          {panel(mimeType)}
        </TabItem>
      ))}
    </Tabs>
  );
}
