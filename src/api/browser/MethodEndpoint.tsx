import React, {type ReactNode} from 'react';

const BADGE: Record<string, string> = {
  get: 'primary',
  post: 'success',
  delete: 'danger',
  put: 'info',
  patch: 'warning',
};

interface Props {
  method: string;
  path: string;
}

/**
 * The operation's method and path, written as the spec and the rest of the
 * docs write it (`/v1/task/{task_id}`, not the theme's `/v1/task/:task_id`).
 * The server is left out: it is the same for every operation, and the request
 * samples beside it show the full URL. A `div`, not the theme's `pre`: a heading
 * may not sit in a `pre`, and a long path wraps instead of scrolling.
 */
export default function MethodEndpoint({method, path}: Props): ReactNode {
  return (
    <>
      <div className="openapi__method-endpoint">
        <span className={`badge badge--${BADGE[method.toLowerCase()] ?? 'secondary'}`}>{method.toUpperCase()}</span>{' '}
        <h2 className="openapi__method-endpoint-path">{path}</h2>
      </div>
      <div className="openapi__divider" />
    </>
  );
}
