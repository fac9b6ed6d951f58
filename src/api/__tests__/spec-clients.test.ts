// The specs agree with the clients: every path and method in openapi/atlas-v1.yaml
// and openapi/atlas-legacy.yaml is compared with
// - the calls the nomic Python client makes, read from its source as installed
//   in the samples' environment (.venv, nomic==3.9.0 from tests/samples/requirements.txt)
//   by ./python-client-calls.py, and
// - the server types the TypeScript client ships (@nomic-ai/atlas,
//   dist/type-gen/openapi.d.ts), read with the TypeScript compiler.
// Each difference (a spec operation no client calls or types; a client call or
// typed operation no spec documents) must be in tests/samples/spec-client-differences.yaml
// with its reason, and each entry there must still be a difference.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const ALLOW_LIST = path.join(ROOT, 'tests/samples/spec-client-differences.yaml');
const SPECS = ['openapi/atlas-v1.yaml', 'openapi/atlas-legacy.yaml'];
const TS_TYPES = path.join(ROOT, 'node_modules/@nomic-ai/atlas/dist/type-gen/openapi.d.ts');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const NOMIC_VERSION = '3.9.0';

type Call = {method: string; path: string; where: string};
type Entry = {reason: string; operations: string[]};
type AllowList = {'not-called': Entry[]; undocumented: Entry[]};

/**
 * An operation's shape, `METHOD /v1/a/{}/b`: every path segment with a
 * parameter (`{task_id}`, `{}`, `{key}.{suffix}`) is `{}`, and a trailing slash
 * is dropped (the server registers a few routes with one; the spec shows them without).
 */
function shape(operation: string): string {
  const [method, route] = operation.trim().split(/\s+/);
  const trimmed = route.length > 1 ? route.replace(/\/$/, '') : route;
  return `${method.toUpperCase()} ${trimmed
    .split('/')
    .map((s) => (s.includes('{') ? '{}' : s))
    .join('/')}`;
}

/** The nomic package in the samples' environment, checked to be the pinned version. */
function nomicSource(): {python: string; source: string} {
  const lib = path.join(ROOT, '.venv/lib');
  const site = fs.existsSync(lib)
    ? fs
        .readdirSync(lib)
        .filter((d) => d.startsWith('python3'))
        .map((d) => path.join(lib, d, 'site-packages'))
        .find((d) => fs.existsSync(path.join(d, 'nomic/__init__.py')))
    : undefined;
  if (!site)
    throw new Error(
      'The nomic Python client is not installed in .venv (the samples environment). Make it with: node tests/samples/session/venv.mjs',
    );
  const metadata = fs
    .readdirSync(site)
    .filter((d) => /^nomic-.*\.dist-info$/.test(d))
    .map((d) => fs.readFileSync(path.join(site, d, 'METADATA'), 'utf8'))[0];
  const version = /^Version: (.+)$/m.exec(metadata ?? '')?.[1];
  if (version !== NOMIC_VERSION)
    throw new Error(
      `.venv has nomic ${version}, not ${NOMIC_VERSION} (tests/samples/requirements.txt): run node tests/samples/session/venv.mjs`,
    );
  return {python: path.join(ROOT, '.venv/bin/python'), source: path.join(site, 'nomic')};
}

let calls: Call[] | undefined;
function pythonCalls(): Call[] {
  if (!calls) {
    const {python, source} = nomicSource();
    const out = execFileSync(python, [path.join(__dirname, 'python-client-calls.py'), source], {encoding: 'utf8'});
    calls = JSON.parse(out) as Call[];
  }
  return calls;
}

/** `METHOD /path` of every operation in the `paths` interface of the TypeScript client's server types. */
function typedOperations(): string[] {
  const file = ts.createSourceFile(TS_TYPES, fs.readFileSync(TS_TYPES, 'utf8'), ts.ScriptTarget.Latest);
  const paths = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'paths',
  );
  if (!paths) throw new Error(`no \`interface paths\` in ${TS_TYPES}`);
  const operations: string[] = [];
  for (const member of paths.members) {
    if (!ts.isPropertySignature(member) || !ts.isStringLiteral(member.name) || !member.type) continue;
    if (!ts.isTypeLiteralNode(member.type)) continue;
    for (const op of member.type.members) {
      const name = op.name && ts.isIdentifier(op.name) ? op.name.text : undefined;
      if (name && METHODS.includes(name)) operations.push(`${name.toUpperCase()} ${member.name.text}`);
    }
  }
  return operations;
}

/** `METHOD /path` of every operation in both specs (hand-written pages' operations included), with its file. */
function specOperations(): {op: string; file: string}[] {
  return SPECS.flatMap((file) => {
    const spec = yaml.load(fs.readFileSync(path.join(ROOT, file), 'utf8')) as {paths: Record<string, object>};
    return Object.entries(spec.paths).flatMap(([route, item]) =>
      METHODS.filter((m) => m in item).map((m) => ({op: `${m.toUpperCase()} ${route}`, file})),
    );
  });
}

/** The differences: spec operations no client calls or types, client operations no spec documents. */
function differences(calls: Call[], typed: string[], documented: {op: string; file: string}[]) {
  const bySpec = new Map(documented.map((d) => [shape(d.op), d]));
  const byClient = new Map<string, string[]>();
  for (const call of calls)
    byClient.set(shape(`${call.method} ${call.path}`), [
      ...(byClient.get(shape(`${call.method} ${call.path}`)) ?? []),
      `Python ${call.where}`,
    ]);
  for (const op of typed) byClient.set(shape(op), [...(byClient.get(shape(op)) ?? []), `TypeScript types: ${op}`]);
  return {
    notCalled: [...bySpec].filter(([s]) => !byClient.has(s)).map(([s, d]) => ({shape: s, op: d.op, from: [d.file]})),
    undocumented: [...byClient].filter(([s]) => !bySpec.has(s)).map(([s, from]) => ({shape: s, op: s, from})),
  };
}

function allowList(): AllowList {
  return yaml.load(fs.readFileSync(ALLOW_LIST, 'utf8')) as AllowList;
}

describe('the Python client calls, read from its source', () => {
  // A manual reading of these four modules of nomic 3.9.0: every request to the API they make.
  it('match a reading of dataset.py, data_operations.py, embed.py and client.py', () => {
    const read = [
      'dataset.py GET /v1/user',
      'dataset.py GET /v1/user',
      'dataset.py POST /v1/project/remove',
      'dataset.py GET /v1/project/{project_id}',
      'dataset.py GET /v1/organization/{slug}',
      'dataset.py GET /v1/project/{organization_slug}/{project_slug}',
      'dataset.py GET /v1/project/index/job/{job_id}',
      'dataset.py GET /v1/project/index/job/progress/{atlas_index_id}',
      'dataset.py GET /v1/project/projection/{projection_id}/schema',
      // download_feather(manifest_url), and executor.submit(download_feather, sidecar_url)
      'dataset.py GET /v1/project/{dataset_id}/index/projection/{id}/quadtree/manifest.feather',
      'dataset.py GET /v1/project/{dataset_id}/index/projection/{id}/quadtree/{key}.{sidecar_suffix}',
      'dataset.py GET /v1/data/{name}',
      'dataset.py POST /v1/project/create',
      'dataset.py POST /v1/project/index/create',
      'dataset.py GET /v1/project/index/job/{job_id}',
      'dataset.py POST /v1/project/data/get',
      'dataset.py POST /v1/project/data/add/blobs', // blob_upload_endpoint, assigned 40 lines earlier
      'dataset.py POST /v1/project/data/add/arrow', // upload_endpoint
      'data_operations.py GET /v1/project/{}/index/projection/{}', // "...".format(...)
      'data_operations.py POST /v1/project/data/get/embedding/topic',
      'data_operations.py POST /v1/project/data/get/nearest_neighbors/by_embedding',
      'data_operations.py POST /v1/project/data/get/nearest_neighbors/by_id',
      'data_operations.py GET /v1/project/projection/tags/get/all',
      'data_operations.py GET /v1/project/projection/tags/status',
      'embed.py POST /v1/embedding/text', // text_api_url, inside a lambda
      'embed.py POST /v1/embedding/image',
      'client.py GET /v1/status/{task_id}', // client._get(f"...")
      'client.py POST /v1/upload', // client._post(...) over several lines
      'client.py POST /v1/parse',
      'client.py POST /v1/extract',
    ];
    const expected = read.map((r) => {
      const [file, ...op] = r.split(' ');
      return `${file} ${shape(op.join(' '))}`;
    });
    const found = pythonCalls()
      .filter((c) => /^(dataset|data_operations|embed|client)\.py:/.test(c.where))
      .map((c) => `${c.where.split(':')[0]} ${shape(`${c.method} ${c.path}`)}`);
    expect(found.sort()).toEqual(expected.sort());
  });

  it('include the CLI token refresh, and nothing outside /v1', () => {
    const calls = pythonCalls();
    expect(calls.filter((c) => c.where.startsWith('cli.py')).map((c) => shape(`${c.method} ${c.path}`))).toEqual([
      'GET /v1/user/token/refresh/{}',
      'GET /v1/user/token/refresh/{}',
    ]);
    for (const call of calls) expect(call.path, call.where).toMatch(/^\/v1\//);
  });
});

describe('the specs and the clients', () => {
  const listed = allowList();
  // Computed in the tests, so a missing Python environment fails them with its message.
  let computed: ReturnType<typeof differences> | undefined;
  const diff = () => (computed ??= differences(pythonCalls(), typedOperations(), specOperations()));

  it('list every difference in tests/samples/spec-client-differences.yaml, each with a reason', () => {
    for (const kind of ['not-called', 'undocumented'] as const)
      for (const entry of listed[kind]) {
        expect(entry.reason?.trim().length, `${kind}: ${entry.operations?.join(', ')}`).toBeGreaterThan(20);
        expect(entry.operations?.length, `${kind}: ${entry.reason}`).toBeGreaterThan(0);
      }
    const missing = (kind: keyof AllowList, list: {shape: string; op: string; from: string[]}[]) => {
      const allowed = new Set(listed[kind].flatMap((e) => e.operations.map(shape)));
      return list.filter((d) => !allowed.has(d.shape)).map((d) => `${d.op}   (${d.from.join('; ')})`);
    };
    const found = diff();
    expect(missing('not-called', found.notCalled), 'spec operations no client calls or types').toEqual([]);
    expect(missing('undocumented', found.undocumented), 'client operations no spec documents').toEqual([]);
  });

  it('list only what still differs, once', () => {
    const found = diff();
    const current = {
      'not-called': new Set(found.notCalled.map((d) => d.shape)),
      undocumented: new Set(found.undocumented.map((d) => d.shape)),
    };
    for (const kind of ['not-called', 'undocumented'] as const) {
      const operations = listed[kind].flatMap((e) => e.operations);
      expect(
        operations.filter((op) => !current[kind].has(shape(op))),
        `${kind} entries that no longer differ`,
      ).toEqual([]);
      const shapes = operations.map(shape);
      expect(
        shapes.filter((s, i) => shapes.indexOf(s) !== i),
        `${kind} entries listed twice`,
      ).toEqual([]);
    }
  });

  it('read enough of each source to mean something', () => {
    expect(pythonCalls().length).toBeGreaterThan(25);
    expect(typedOperations().length).toBeGreaterThan(100);
    expect(specOperations().length).toBeGreaterThan(100);
  });
});
