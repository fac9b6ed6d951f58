// The MCP tools over a small built site (a fixture folder laid out as the build lays it out), called through the
// SDK's own client, bad input included; get_endpoint against the real specs for every operation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {buildIndexFiles} from '../../search/build/files';
import {fragmentFile, passageFile, recordFile, shardFile} from '../../search/indexFiles';
import type {SearchRecord} from '../../search/records';
import {dereference, loadSpecs, SPECS} from '../../api/build/specs.cjs';
import {parseArgs} from '../cli';
import {MCP_HTTP_PORT} from '../../data/mcp';
import {blockHash} from '../../samples-proof/hash';
import type {SamplesFile} from '../../samples-proof/types';
import {Docs, pagePath} from '../docs';
import {createServer} from '../server';
import {openSite} from '../site';
import {MANIFEST_PATH, type AgentsManifest} from '../manifest';

const SITE = 'https://docs.example.test';
const PYTHON = 'from nomic import embed\nprint(embed.text(["hi"]))';
const EDITED = 'from nomic import embed\nprint(embed.text(["hello"]))';
const BASH = 'pip install nomic';

const records: SearchRecord[] = [
  {
    id: 0,
    url: '/platform/quick-start',
    type: 'lvl1',
    hierarchy: {lvl0: 'Platform', lvl1: 'Quick start'},
    content: 'Make your first data map with the Python client.',
  },
  {
    id: 1,
    url: '/platform/quick-start#install',
    type: 'lvl2',
    hierarchy: {lvl0: 'Platform', lvl1: 'Quick start', lvl2: 'Install'},
    content: 'Install the nomic package with pip and log in with your API key.',
  },
  {
    id: 2,
    url: '/platform/embeddings',
    type: 'lvl1',
    hierarchy: {lvl0: 'Embeddings', lvl1: 'Text embeddings'},
    content: 'Embed text with nomic-embed-text and a task type.',
  },
];

let dir: string;
let client: Client;

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({name, arguments: args});
  const text = (result.content as {type: string; text: string}[])[0]!.text;
  return {isError: result.isError === true, text, data: result.isError ? undefined : JSON.parse(text)};
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-site-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  };
  const files = buildIndexFiles(records);
  const base = files.head.base;
  files.records.forEach((f, n) => write(base + recordFile(n), JSON.stringify(f)));
  files.shards.forEach((f, n) => write(base + shardFile(n), JSON.stringify(f)));
  files.fragments.forEach((f, n) => write(base + fragmentFile(n), JSON.stringify(f)));
  files.passages.forEach((f, n) => write(base + passageFile(n), JSON.stringify(f)));
  for (const spec of SPECS)
    write(`/${path.basename(spec.file)}`, fs.readFileSync(path.join(__dirname, '../../..', spec.file), 'utf8'));
  const manifest: AgentsManifest = {
    siteUrl: SITE,
    title: 'Docs',
    search: files.head,
    specs: SPECS.map(({name, file, base: route, docPrefix, legacy}) => ({
      name,
      path: `/${path.basename(file)}`,
      base: route,
      docPrefix,
      legacy,
    })),
    samples: '/samples.json',
  };
  write(MANIFEST_PATH, JSON.stringify(manifest));
  write(
    '/platform/quick-start.md',
    `# Quick start\n\n\`\`\`bash\n${BASH}\n\`\`\`\n\n\`\`\`python\n${EDITED}\n\`\`\`\n`,
  );
  write('/platform/embeddings.md', `# Text embeddings\n\nNo code here.\n`);
  const samples: SamplesFile = {
    commit: 'abc123',
    ran: true,
    versions: {nomic: '3.9.0'},
    blocks: [
      {
        page: '/platform/quick-start',
        line: 3,
        lang: 'bash',
        kind: 'bash',
        hash: blockHash(BASH),
        status: 'passed',
        how: 'ran',
      },
      // The page's Python as the samples ran it, before an edit: the page's text no longer has this hash.
      {
        page: '/platform/quick-start',
        line: 7,
        lang: 'python',
        kind: 'python',
        hash: blockHash(PYTHON),
        status: 'passed',
        how: 'ran',
      },
    ],
  };
  write('/samples.json', JSON.stringify(samples));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer(new Docs(await openSite(dir))).connect(serverSide);
  client = new Client({name: 'test', version: '1.0.0'});
  await client.connect(clientSide);
});

afterAll(async () => {
  await client?.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

describe('the tools', () => {
  it('lists five tools, each with a JSON schema of its input', async () => {
    const {tools} = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'fetch_page',
      'get_code_sample',
      'get_endpoint',
      'list_endpoints',
      'search_docs',
    ]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    expect(tools.find((t) => t.name === 'search_docs')!.inputSchema.required).toEqual(['query']);
  });

  it('search_docs: cited passages, best first, with absolute URLs', async () => {
    const [first] = (await call('search_docs', {query: 'install with pip', limit: 3})).data.results;
    expect(first).toMatchObject({
      title: 'Quick start',
      section: 'Install',
      url: `${SITE}/platform/quick-start#install`,
    });
    expect(first.text).toContain('pip');
  });

  it('search_docs: nothing found, an empty or an oversized query is a clear tool error', async () => {
    expect(await call('search_docs', {query: 'zzqx'})).toMatchObject({
      isError: true,
      text: expect.stringContaining('Nothing in the docs matches'),
    });
    const empty = await call('search_docs', {query: '   '});
    expect(empty.isError).toBe(true);
    expect(empty.text).toContain('query is empty');
    expect((await call('search_docs', {query: 'x'.repeat(501)})).isError).toBe(true);
    expect((await call('search_docs', {query: 'map', limit: 0})).isError).toBe(true);
  });

  it('fetch_page: the twin, by URL, path or twin path', async () => {
    for (const page of [
      `${SITE}/platform/embeddings`,
      '/platform/embeddings',
      '/platform/embeddings.md',
      'platform/embeddings',
    ])
      expect((await call('fetch_page', {page})).data).toEqual({
        url: `${SITE}/platform/embeddings`,
        markdown: '# Text embeddings\n\nNo code here.\n',
      });
  });

  it("fetch_page: a page the site lacks gets the not-found page's suggestions; another site and escapes are refused", async () => {
    const missing = await call('fetch_page', {page: '/platform/quickstart'});
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain(`Perhaps: Quick start (${SITE}/platform/quick-start)`);
    expect(await call('fetch_page', {page: 'https://evil.test/platform/quick-start'})).toMatchObject({
      isError: true,
      text: expect.stringContaining('is not this site'),
    });
    expect((await call('fetch_page', {page: '/../../etc/passwd'})).isError).toBe(true);
    expect((await call('fetch_page', {page: '/%E0%A4%A'})).isError).toBe(true);
  });

  it('list_endpoints: every operation of both specs, or one tag; an unknown tag names the tags', async () => {
    const all = (await call('list_endpoints', {})).data.results;
    const specs = loadSpecs();
    expect(all).toHaveLength(specs.reduce((n, s) => n + s.operations.length + s.handWritten.length, 0));
    expect(new Set(all.map((op: {api: string}) => op.api))).toEqual(new Set(['v1', 'legacy']));
    const tag = specs[0]!.operations[0]!.tag!;
    const tagged = (await call('list_endpoints', {tag: tag.toUpperCase()})).data.results;
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((op: {tag: string}) => op.tag === tag)).toBe(true);
    const unknown = await call('list_endpoints', {tag: 'Nope'});
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain(tag);
  });

  it('get_endpoint matches the spec for every operation, v1 and legacy', async () => {
    for (const spec of loadSpecs())
      for (const op of [...spec.operations, ...spec.handWritten]) {
        const raw = (spec.spec.paths[op.path] as Record<string, Record<string, unknown>>)[op.method.toLowerCase()]!;
        const expected = dereference(raw, spec.spec) as Record<string, unknown>;
        const {data, isError} = await call('get_endpoint', {
          method: op.method.toLowerCase(),
          path: op.path,
          api: spec.name,
        });
        expect(isError, `${op.method} ${op.path}`).toBe(false);
        expect(data).toMatchObject({
          api: spec.name,
          method: op.method,
          path: op.path,
          operationId: op.operationId,
          url: `${SITE}${op.route}`,
        });
        expect(data.parameters).toEqual(expect.arrayContaining((expected.parameters as unknown[]) ?? []));
        expect(data.requestBody).toEqual(expected.requestBody);
        expect(data.responses).toEqual(expected.responses);
      }
  });

  it('get_endpoint: a wrong method, path or verb says what exists', async () => {
    const op = loadSpecs()[0]!.operations[0]!;
    const other = op.method === 'DELETE' ? 'PATCH' : 'DELETE';
    expect((await call('get_endpoint', {method: other, path: op.path})).text).toContain(
      `has no ${other} operation in the v1 API`,
    );
    expect((await call('get_endpoint', {method: 'GET', path: '/v1/nowhere'})).text).toContain('list_endpoints');
    expect((await call('get_endpoint', {method: 'FETCH', path: op.path})).text).toContain('not an HTTP method');
    expect((await call('get_endpoint', {method: 'POST', path: op.operationId})).data.path).toBe(op.path);
  });

  it("get_code_sample: the page's blocks with their proof; an edited block has none", async () => {
    const {data} = await call('get_code_sample', {page: '/platform/quick-start'});
    expect(data.samples).toEqual([
      {
        language: 'bash',
        code: BASH,
        proof: {status: 'passed', how: 'ran', versions: {nomic: '3.9.0'}, commit: 'abc123'},
      },
      {language: 'python', code: EDITED, proof: {status: 'not run'}},
    ]);
    expect(
      (await call('get_code_sample', {page: '/platform/quick-start', language: 'shell'})).data.samples,
    ).toHaveLength(1);
  });

  it('get_code_sample: bad combinations and missing languages are tool errors', async () => {
    expect((await call('get_code_sample', {})).text).toContain('either a page or an operation');
    expect((await call('get_code_sample', {page: '/platform/quick-start', operation: 'x'})).isError).toBe(true);
    expect((await call('get_code_sample', {page: '/platform/embeddings', language: 'python'})).text).toContain(
      'no python code at all',
    );
    expect((await call('get_code_sample', {operation: 'noSuchOperation'})).text).toContain('No operation');
  });
});

describe('pagePath', () => {
  it('reduces URLs, twins and index spellings to the page path', () => {
    expect(pagePath('/platform/files/index.md', SITE)).toBe('/platform/files/');
    expect(pagePath('/platform/files/index', SITE)).toBe('/platform/files/');
    expect(pagePath(`${SITE}/platform/quick-start.html?x=1#y`, SITE)).toBe('/platform/quick-start');
    expect(pagePath('/', SITE)).toBe('/');
  });
});

describe('openSite', () => {
  it('a folder with no build says to build first', async () => {
    await expect(openSite(os.tmpdir())).rejects.toThrow(/build the site first/);
  });
});

describe('the command line', () => {
  it('reads a source, --http with or without a port, --host and --help', () => {
    expect(parseArgs(['https://docs.nomic.ai', '--http'])).toMatchObject({
      source: 'https://docs.nomic.ai',
      http: MCP_HTTP_PORT,
      host: '127.0.0.1',
    });
    expect(parseArgs(['--http', '4000', '--host', '0.0.0.0'])).toMatchObject({http: 4000, host: '0.0.0.0'});
    expect(parseArgs(['--help']).help).toBe(true);
    expect(parseArgs([]).help).toBeUndefined();
  });

  it('refuses an unknown option, a bad port and --host without an address, with the usage', () => {
    expect(() => parseArgs(['--verbose'])).toThrow(/unknown option --verbose\nusage: atlas-docs-mcp/);
    expect(() => parseArgs(['--http', '70000'])).toThrow('--http: 70000 is not a port');
    expect(() => parseArgs(['--host'])).toThrow('--host needs an address');
  });
});
