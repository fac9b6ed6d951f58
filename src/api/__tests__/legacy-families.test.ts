import {describe, expect, it} from 'vitest';
import {specOperations} from '../build/specs.cjs';
import {pathMatches} from '../../../tests/support/curl.mjs';

// The site spec's "Legacy families", each with the endpoint(s) that document it.
const FAMILIES: Record<string, string[]> = {
  'dataset create': ['POST /v1/project/create'],
  'dataset update': ['POST /v1/project/update'],
  'dataset remove': ['POST /v1/project/remove'],
  'dataset fetch': ['GET /v1/project/{id}'],
  'dataset list': ['GET /v1/project/sidebar/list'],
  'data add-arrow': ['POST /v1/project/data/add/arrow'],
  'data add-blobs': ['POST /v1/project/data/add/blobs'],
  'data get': ['POST /v1/project/data/get'],
  'data delete': ['POST /v1/project/data/delete'],
  'blob fetch': ['GET /v1/project/data/get/blob/{id}/{hash}'],
  'upload start and complete': [
    'POST /v1/project/{id}/data/upload/start',
    'POST /v1/project/{id}/data/upload/complete',
  ],
  'index create': ['POST /v1/project/index/create'],
  'index remove': ['POST /v1/project/index/remove'],
  'index job progress': ['GET /v1/project/index/job/progress/{id}'],
  'projection views': ['POST /v1/project/projection/{id}/view', 'GET /v1/project/projection/{id}/view/{hash}'],
  'quadtree tiles': ['GET /v1/project/{id}/index/projection/{id}/quadtree/{key}'],
  'projection schema': ['GET /v1/project/projection/{id}/schema'],
  'projection aliases': ['GET /v1/project/projection/alias/{alias}', 'POST /v1/project/projection/alias/edit/{id}'],
  tags: [
    'POST /v1/project/projection/tags/create',
    'POST /v1/project/projection/tags/update',
    'POST /v1/project/projection/tags/delete',
    'GET /v1/project/projection/tags/get',
    'GET /v1/project/projection/tags/status',
    'POST /v1/project/projection/tags/update/mask',
    'POST /v1/project/projection/tags/robotag',
  ],
  'search by vector and by id': ['POST /v1/project/search/vector', 'GET /v1/project/search/id'],
  'nearest neighbours by embedding and by id': [
    'POST /v1/project/data/get/nearest_neighbors/by_embedding',
    'POST /v1/project/data/get/nearest_neighbors/by_id',
  ],
  'topics update': ['POST /v1/project/topics/update/{id}'],
  'members add, update, remove': [
    'POST /v1/project/{id}/members/add',
    'POST /v1/project/{id}/members/update',
    'POST /v1/project/{id}/members/delete',
  ],
  'organization create, update, rename, members, usage': [
    'POST /v1/organization/create',
    'POST /v1/organization/update',
    'POST /v1/organization/rename',
    'POST /v1/organization/members/add',
    'GET /v1/organization/{id}/usage',
  ],
  'user profile, logout, token exchange and refresh, authorize': [
    'GET /v1/user/profile',
    'GET /v1/user/logout',
    'POST /v1/user/token',
    'GET /v1/user/token/refresh/{token}',
    'GET /v1/user/authorize',
  ],
  'connectors create, update, delete': ['POST /v1/connector', 'PUT /v1/connector/{id}', 'DELETE /v1/connector/{id}'],
  'data-warehouse preview and ingest': [
    'POST /v1/connector/snowflake/preview',
    'POST /v1/connector/snowflake/ingest-and-build',
  ],
  'recurring jobs': ['POST /v1/recurring_jobs/dataset/{id}', 'GET /v1/recurring_jobs/dataset/{id}'],
  'subscription subscribe, cancel, promo-code validation and webhook': [
    'POST /v1/stripe/subscribe',
    'POST /v1/stripe/cancel',
    'POST /v1/stripe/promo-code/validate',
    'POST /v1/stripe/webhook',
  ],
  render: ['POST /v1/render'],
  'analyst log': ['POST /v1/project/analyst/log'],
  'health check': ['GET /v1/health'],
};

describe('legacy API families', () => {
  const legacy = specOperations().filter((op) => op.route.startsWith('/reference/api/legacy/'));

  it.each(Object.entries(FAMILIES))('%s has its page(s)', (_family, endpoints) => {
    for (const endpoint of endpoints) {
      const [method, path] = endpoint.split(' ');
      const found = legacy.filter((op) => op.method === method && pathMatches(op.path, path));
      expect(found, endpoint).not.toHaveLength(0);
    }
  });

  it('gives every operation its own page', () => {
    const routes = legacy.map((op) => op.route);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
