import React, {type ReactNode} from 'react';
import type {Props} from 'docusaurus-theme-openapi-docs/lib/theme/SchemaItem';
// The API theme's own component: from a plugin theme, @theme-original would name this file.
import SchemaItem from '@theme-init/SchemaItem';

/**
 * A field's type with a space before it. The theme writes the name and the
 * type as adjacent elements, so their text ran together ("tag_namestring")
 * for screen readers, copied text and agents converting the page; its own
 * object rows already put a space there.
 */
export default function SchemaItemSpaced(props: Props): ReactNode {
  // Typed as a string, given a list for a union (the theme joins it with " | ").
  const type = props.schemaName as string | string[] | undefined;
  const spaced = type === undefined ? undefined : ` ${Array.isArray(type) ? type.join(' | ') : type}`;
  return <SchemaItem {...props} schemaName={spaced} />;
}
