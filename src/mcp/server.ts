import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {Docs, ToolInputError} from './docs';
import {SiteError} from './site';

const VERSION = '1.0.0';

/**
 * A tool's answer: its JSON as text (what every client shows the model) and as structured content. A request the
 * docs cannot answer as asked, or a site that does not answer, is a tool error with a message saying why, which the
 * model can act on; anything else is a bug and is thrown (the SDK reports it as an error too).
 */
async function answer(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const result = await work();
    const structured = (Array.isArray(result) ? {results: result} : result) as Record<string, unknown>;
    return {content: [{type: 'text', text: JSON.stringify(structured, null, 2)}], structuredContent: structured};
  } catch (error) {
    if (error instanceof ToolInputError || error instanceof SiteError)
      return {content: [{type: 'text', text: error.message}], isError: true};
    throw error;
  }
}

const readOnly = {readOnlyHint: true, openWorldHint: false} as const;

/** The docs' MCP server over one built site: five read-only tools (README "MCP server"). */
export function createServer(docs: Docs): McpServer {
  const server = new McpServer(
    {name: 'atlas-docs', title: 'Nomic Atlas docs', version: VERSION},
    {
      instructions: `Documentation of Nomic Atlas (${docs.siteUrl}): data maps, embeddings, file parsing and the REST API. Search with search_docs, read a page with fetch_page, look up API operations with list_endpoints and get_endpoint, and take code from get_code_sample, which says whether CI ran each block.`,
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "Passages of the docs that answer a query, best first, ranked as the site's search ranks them: each with its page title, section, absolute URL and text. Read a whole page with fetch_page.",
      inputSchema: {
        query: z.string().trim().min(1, 'query is empty').max(500, 'query is longer than 500 characters'),
        limit: z.number().int().min(1).max(20).default(5).describe('How many passages (1 to 20, default 5)'),
      },
      annotations: readOnly,
    },
    ({query, limit}) =>
      answer(async () => {
        const passages = await docs.search(query, limit);
        if (!passages.length) throw new ToolInputError(`Nothing in the docs matches "${query}". Try other words.`);
        return passages;
      }),
  );

  server.registerTool(
    'fetch_page',
    {
      title: 'Read a page',
      description:
        "A page of the docs as Markdown (its twin). Give its URL or path (https://docs.nomic.ai/platform/quick-start, /platform/quick-start). A path the site does not have gets the pages the site's not-found page would suggest.",
      inputSchema: {page: z.string().trim().min(1, 'page is empty').max(2000).describe('URL or path of the page')},
      annotations: readOnly,
    },
    ({page}) => answer(() => docs.page(page)),
  );

  server.registerTool(
    'list_endpoints',
    {
      title: 'List API operations',
      description:
        'Every operation of the Atlas REST API (the v1 API, then the legacy API), from the specs the site is built from: method, path, summary, tag and the page that documents it. Give a tag to list one group.',
      inputSchema: {tag: z.string().trim().min(1).max(100).optional().describe('An OpenAPI tag, e.g. "Embeddings"')},
      annotations: readOnly,
    },
    ({tag}) => answer(() => docs.endpoints(tag)),
  );

  server.registerTool(
    'get_endpoint',
    {
      title: 'Describe an API operation',
      description:
        'One operation as its OpenAPI spec defines it, references resolved: parameters, request body and responses with schemas and examples, security and servers.',
      inputSchema: {
        method: z.string().trim().min(1).max(10).describe('HTTP method, e.g. POST'),
        path: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .describe("The spec's path, e.g. /v1/embedding/text (or the operation id)"),
        api: z
          .enum(['v1', 'legacy'])
          .default('v1')
          .describe('Which API: v1 (default) or legacy, whose spec has some of the same paths'),
      },
      annotations: readOnly,
    },
    ({method, path, api}) => answer(() => docs.endpoint(method, path, api)),
  );

  server.registerTool(
    'get_code_sample',
    {
      title: 'Get code samples',
      description:
        "The code blocks of a page, or of an API operation's page, exactly as the page shows them, each with its proof: `passed` (CI's samples run ran or checked this very text, with the versions it used), `declared` (not run, and why), `failed` or `not run`.",
      inputSchema: {
        page: z.string().trim().min(1).max(2000).optional().describe('URL or path of a page'),
        operation: z.string().trim().min(1).max(500).optional().describe('An API operation: its id, or "METHOD /path"'),
        language: z
          .string()
          .trim()
          .min(1)
          .max(30)
          .optional()
          .describe('Only blocks of this language, e.g. python, bash'),
      },
      annotations: readOnly,
    },
    ({page, operation, language}) =>
      answer(async () => {
        if ((page === undefined) === (operation === undefined))
          throw new ToolInputError('Give either a page or an operation, not both and not neither');
        return docs.codeSamples({page, operation}, language);
      }),
  );

  return server;
}
