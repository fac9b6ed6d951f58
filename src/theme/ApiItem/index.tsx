import React, {type ReactNode} from 'react';
import {MDXProvider} from '@mdx-js/react';
import Translate from '@docusaurus/Translate';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {WrapperProps} from '@docusaurus/types';
import Export from '@theme/ApiExplorer/Export';
import ApiItem from '@theme-original/ApiItem';
import type ApiItemType from '@theme/ApiItem';
import ApiLogo from '@theme/ApiLogo';
import Heading from '@theme/Heading';
import OperationTabs from '@theme/OperationTabs';
import SchemaTabs from '@theme/SchemaTabs';
import TabItem from '@theme/TabItem';
import MethodEndpoint from '@site/src/api-reference/MethodEndpoint';
import ParamsDetails from '@site/src/api-reference/ParamsDetails';
import RequestSchema from '@site/src/api-reference/RequestSchema';
import StatusCodes from '@site/src/api-reference/StatusCodes';
import type {ApiThemeData} from '@site/src/plugins/api-theme';

// The components generated API pages use. They are provided here instead of
// imported by each page (see src/plugins/api-theme/markdown.ts), so they load
// with this chunk, which only API pages request. The endpoint, parameters,
// request body and responses are our own server-rendered versions.
const components = {
  ApiLogo,
  Export,
  Heading,
  MethodEndpoint,
  OperationTabs,
  ParamsDetails,
  RequestSchema,
  SchemaTabs,
  StatusCodes,
  TabItem,
  Translate,
};

type Props = WrapperProps<typeof ApiItemType>;

export default function ApiItemWrapper(props: Props): ReactNode {
  // The API theme's stylesheet is a file of its own, linked by API pages only
  // (src/plugins/api-theme). It is linked in place, after the site's styles,
  // rather than through <Head>: re-inserting it into <head> on hydration
  // briefly changed the cascade and shifted the page.
  const {stylesheet} = usePluginData('api-theme') as ApiThemeData;
  return (
    <MDXProvider components={components}>
      <link rel="stylesheet" href={stylesheet} />
      <ApiItem {...props} />
    </MDXProvider>
  );
}
