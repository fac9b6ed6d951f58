import React, {type ReactNode} from 'react';
import {MDXProvider} from '@mdx-js/react';
import Translate from '@docusaurus/Translate';
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
import Stylesheet from '@site/src/components/Stylesheet';

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
  return (
    <MDXProvider components={components}>
      {/* The API theme's stylesheet: a file of its own, which only API pages link. */}
      <Stylesheet name="api-theme" />
      <ApiItem {...props} />
    </MDXProvider>
  );
}
