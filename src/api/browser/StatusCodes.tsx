import React, {type ReactNode} from 'react';
import Details from '@theme/Details';
import Heading from '@theme/Heading';
import Markdown from '../theme/Markdown';
import ResponseHeaders from '@theme/ResponseHeaders';
import TabItem from '@theme/TabItem';
import MediaTypes from './MediaTypes';
import Tabs from './Tabs';
import type {Response} from '../shared/types';

/** The tab colour of a status code: success for 2xx, danger for 4xx and 5xx. */
function statusClass(code: string): string {
  const status = parseInt(code, 10);
  return status >= 400 ? 'danger' : status >= 200 && status < 300 ? 'success' : 'info';
}

/** The responses of an operation, one tab per status code; rendered on the server too. */
export default function StatusCodes({responses}: {responses?: Record<string, Response>}): ReactNode {
  const codes = Object.keys(responses ?? {});
  if (!responses || codes.length === 0) return null;
  return (
    <div className="openapi-tabs__container">
      <Heading as="h2" id="responses" className="openapi-tabs__heading">
        Responses
      </Heading>
      <Tabs
        label="Responses by status code"
        listClassName="openapi-tabs__response-list-container"
        itemClassName={(code) => `openapi-tabs__response-code-item ${statusClass(code)}`}
      >
        {codes.map((code) => {
          const response = responses[code];
          return (
            <TabItem key={code} label={code} value={code}>
              {response.description && (
                <div className="margin-vert--sm">
                  <Markdown>{response.description}</Markdown>
                </div>
              )}
              {response.headers && (
                <Details
                  className="openapi-markdown__details"
                  summary={
                    <summary>
                      <strong>Response headers</strong>
                    </summary>
                  }
                >
                  <ResponseHeaders responseHeaders={response.headers} />
                </Details>
              )}
              {response.content && <MediaTypes title="Schema" kind="response" content={response.content} />}
            </TabItem>
          );
        })}
      </Tabs>
    </div>
  );
}
