// The docs' MCP server, from a checkout: `npm run mcp [-- SOURCE] [-- --http [PORT]]` or the `atlas-docs-mcp` bin.
// SOURCE is a build folder (the checkout's build/ by default) or a deployed site's URL. Over stdio by default; with
// --http, over Streamable HTTP at http://HOST:PORT/mcp (PORT 3920 unless given, HOST 127.0.0.1 unless --host).
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {MCP_HTTP_PORT, MCP_PATH} from '../data/mcp';
import {Docs} from './docs';
import {createServer} from './server';
import {openSite} from './site';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = `usage: atlas-docs-mcp [BUILD_FOLDER | SITE_URL] [--http [PORT]] [--host HOST]
  BUILD_FOLDER  a build of these docs (default: the checkout's build/)
  SITE_URL      or a deployed site, e.g. https://docs.nomic.ai
  --http PORT   serve Streamable HTTP at http://HOST:PORT${MCP_PATH} (default port ${MCP_HTTP_PORT}) instead of stdio
  --host HOST   the address to listen on with --http (default 127.0.0.1)`;

interface Options {
  source: string;
  http?: number;
  host: string;
  /** --help: print the usage and exit 0. */
  help?: boolean;
}

export function parseArgs(argv: string[]): Options {
  const options: Options = {source: path.join(ROOT, 'build'), host: '127.0.0.1'};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--http') {
      const next = argv[i + 1];
      options.http = next !== undefined && /^\d+$/.test(next) ? Number(argv[++i]) : MCP_HTTP_PORT;
      if (!(options.http > 0 && options.http < 65536)) throw new Error(`--http: ${next} is not a port`);
    } else if (arg === '--host') {
      const next = argv[++i];
      if (!next) throw new Error('--host needs an address');
      options.host = next;
    } else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else options.source = arg;
  }
  return options;
}

/** Streamable HTTP, stateless: each request gets its own server and transport over the one Docs. */
export function httpServer(docs: Docs): http.Server {
  return http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== MCP_PATH && pathname !== `${MCP_PATH}/`) {
      res
        .writeHead(404, {'content-type': 'application/json'})
        .end(JSON.stringify({error: `This is the docs' MCP server; its endpoint is ${MCP_PATH}`}));
      return;
    }
    const server = createServer(docs);
    const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent)
        res
          .writeHead(500, {'content-type': 'application/json'})
          .end(JSON.stringify({error: `The MCP server failed: ${(error as Error).message}`}));
    }
  });
}

/** Serves the docs over stdio or HTTP as the arguments say; a bad argument or an unreadable site exits with a message. */
export async function main(): Promise<void> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  let docs: Docs;
  try {
    docs = new Docs(await openSite(options.source));
  } catch (error) {
    console.error(`atlas-docs-mcp: ${(error as Error).message}`);
    process.exit(1);
  }
  if (options.http === undefined) {
    await createServer(docs).connect(new StdioServerTransport());
    return;
  }
  const server = httpServer(docs);
  server.on('error', (error) => {
    console.error(`atlas-docs-mcp: ${error.message}`);
    process.exit(1);
  });
  server.listen(options.http, options.host, () =>
    console.error(
      `atlas-docs-mcp: ${docs.siteUrl} from ${options.source} at http://${options.host}:${options.http}${MCP_PATH}`,
    ),
  );
}
