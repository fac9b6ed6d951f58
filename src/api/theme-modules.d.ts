// Theme components of docusaurus-theme-openapi-docs that this site wraps or
// builds on. The package ships no declarations for them.
declare module '@theme/ApiItem' {
  import type {ComponentType} from 'react';
  import type {Props} from '@theme/DocItem';

  const ApiItem: ComponentType<Props>;
  export default ApiItem;
}

declare module '@theme/Schema' {
  import type {ComponentType} from 'react';

  const Schema: ComponentType<{schema: unknown; schemaType: 'request' | 'response'}>;
  export default Schema;
}

declare module '@theme/SchemaExpansion' {
  import type {ComponentType} from 'react';

  const SchemaExpansion: ComponentType;
  export default SchemaExpansion;
}

declare module '@theme/ParamsItem' {
  import type {ComponentType} from 'react';

  const ParamsItem: ComponentType<{className?: string; param: unknown}>;
  export default ParamsItem;
}

declare module '@theme/ResponseHeaders' {
  import type {ComponentType} from 'react';

  const ResponseHeaders: ComponentType<{responseHeaders: unknown}>;
  export default ResponseHeaders;
}

declare module '@theme/ApiExplorer/Export';
declare module '@theme/SchemaTabs';
declare module '@theme/ApiItem/Layout';
