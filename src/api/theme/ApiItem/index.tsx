import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {MDXProvider} from '@mdx-js/react';
import Translate from '@docusaurus/Translate';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import type {Props} from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import Export from '@theme/ApiExplorer/Export';
import Layout from '@theme/ApiItem/Layout';
import Heading from '@theme/Heading';
import SchemaTabs from '@theme/SchemaTabs';
import TabItem from '@theme/TabItem';
import MethodEndpoint from '../../browser/MethodEndpoint';
import ParamsDetails from '../../browser/ParamsDetails';
import RequestSchema from '../../browser/RequestSchema';
import StatusCodes from '../../browser/StatusCodes';
import type {Operation} from '../../shared/samples';
import Stylesheet from '@site/src/components/Stylesheet';
import {MARKDOWN_HTML} from '../../shared/types';
import {MarkdownHtmlProvider} from '../Markdown';
import ApiExplorer from '../ApiExplorer';

// The components generated API pages use. They are provided here instead of
// imported by each page (see src/api/build/pages.ts), so they load
// with this chunk, which only API pages request. The endpoint, parameters,
// request body and responses are our own server-rendered versions.
const components = {
  Export,
  Heading,
  MethodEndpoint,
  ParamsDetails,
  RequestSchema,
  SchemaTabs,
  StatusCodes,
  TabItem,
  Translate,
};

/**
 * Replaces the theme's ApiItem. That one inflates the operation from
 * compressed front matter, builds a Redux store for the request form and
 * renders the code samples in the browser only; here the operation arrives as
 * plain front matter (`disableCompression`) and the samples are part of the
 * server-rendered HTML, so an API page hydrates like any other doc page.
 */
export default function ApiItem({content: MDXContent}: Props): ReactNode {
  const {api} = MDXContent.frontMatter as {api?: Operation & {[MARKDOWN_HTML]?: Record<string, string>}};
  return (
    <DocProvider content={MDXContent}>
      <HtmlClassNameProvider className={`docs-doc-id-${MDXContent.metadata.id}`}>
        <DocItemMetadata />
        <MDXProvider components={components}>
          <MarkdownHtmlProvider value={api?.[MARKDOWN_HTML] ?? {}}>
            {/* The API theme's stylesheet: a file of its own, which only API pages link. */}
            <Stylesheet name="api-theme" />
            <Layout>
              <div className={clsx('row', api && 'theme-api-markdown')}>
                <div className={api ? 'col col--7 openapi-left-panel__container' : 'col col--12 markdown'}>
                  <MDXContent />
                </div>
                {api && (
                  <div className="col col--5 openapi-right-panel__container">
                    <ApiExplorer item={api} />
                  </div>
                )}
              </div>
            </Layout>
          </MarkdownHtmlProvider>
        </MDXProvider>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
