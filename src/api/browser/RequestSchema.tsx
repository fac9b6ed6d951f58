import React, {type ReactNode} from 'react';
import MediaTypes from './MediaTypes';
import type {RequestBody} from '../shared/types';

/** The request body of an operation (generated pages call it `RequestSchema`). */
export default function RequestSchema({title, body}: {title: string; body?: RequestBody}): ReactNode {
  if (!body?.content) return null;
  return (
    <MediaTypes
      title={title}
      kind="request"
      content={body.content}
      description={body.description}
      required={body.required}
    />
  );
}
