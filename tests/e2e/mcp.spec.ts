// The docs' MCP server over the production build, as an editor starts it (stdio, through the bin) and as a team
// hosts it (Streamable HTTP behind the shipped nginx block's /mcp), through the SDK's own client.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import {MCP_PATH} from '../../src/data/mcp';

const ROOT = path.resolve(__dirname, '../..');

async function connected(transport: Transport): Promise<Client> {
  const client = new Client({name: 'e2e', version: '1.0.0'});
  await client.connect(transport);
  return client;
}

const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as {type: string; text: string}[])[0]!.text;

/** What an agent asks first: search, then read what it found, then the API and a sample. */
async function answersLikeTheSite(client: Client) {
  const search = await client.callTool({name: 'search_docs', arguments: {query: 'configure the topic model'}});
  const [first] = JSON.parse(text(search)).results;
  expect(first.url).toBe('https://docs.nomic.ai/platform/datasets/data-maps/topic-modeling#configure-the-topic-model');
  const page = await client.callTool({name: 'fetch_page', arguments: {page: first.url}});
  expect(JSON.parse(text(page)).markdown).toContain('# Topic modeling');
  const missing = await client.callTool({name: 'fetch_page', arguments: {page: '/platform/quickstart'}});
  expect(missing.isError).toBe(true);
  expect(text(missing)).toContain('https://docs.nomic.ai/platform/quick-start');
  const endpoint = await client.callTool({
    name: 'get_endpoint',
    arguments: {method: 'POST', path: '/v1/embedding/text'},
  });
  expect(JSON.parse(text(endpoint))).toMatchObject({
    operationId: 'embedText',
    url: 'https://docs.nomic.ai/reference/api/embed-text',
  });
  const sample = await client.callTool({
    name: 'get_code_sample',
    arguments: {page: '/platform/quick-start', language: 'python'},
  });
  const {samples} = JSON.parse(text(sample));
  expect(samples.length).toBeGreaterThan(0);
  for (const s of samples) expect(['passed', 'failed', 'declared', 'not run']).toContain(s.proof.status);
  const bad = await client.callTool({name: 'search_docs', arguments: {query: ''}});
  expect(bad.isError).toBe(true);
}

test("over stdio, started as an editor starts it (the bin, the checkout's build)", async () => {
  const client = await connected(
    new StdioClientTransport({command: process.execPath, args: [path.join(ROOT, 'bin/atlas-docs-mcp.mjs')], cwd: ROOT}),
  );
  try {
    await answersLikeTheSite(client);
  } finally {
    await client.close();
  }
});

test('over Streamable HTTP, behind the nginx block at /mcp', async ({baseURL}) => {
  const client = await connected(new StreamableHTTPClientTransport(new URL(MCP_PATH, baseURL)));
  try {
    expect((await client.listTools()).tools).toHaveLength(5);
    await answersLikeTheSite(client);
  } finally {
    await client.close();
  }
});
