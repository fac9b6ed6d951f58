/**
 * The docs' MCP server (src/mcp/), as readers connect to it: where a hosted one answers, and the one step each
 * editor takes to add it. The README, the Copy page menu's "Connect to your editor" and the server's tests read
 * these; no step carries a key, since the server serves public pages only.
 */

/** Where the shipped nginx block proxies the server's Streamable HTTP endpoint (deploy/nginx.conf). */
export const MCP_PATH = '/mcp';
/** The port `npm run mcp -- --http` listens on unless told otherwise, and the nginx block proxies to. */
export const MCP_HTTP_PORT = 3920;
/** The name editors list the server under, and the `bin` a checkout provides. */
export const MCP_NAME = 'atlas-docs';
export const MCP_BIN = 'atlas-docs-mcp';

/** How the server is reached: a hosted endpoint's URL, or a checkout of the docs that runs it over stdio. */
export type McpTarget = {url: string} | {checkout: string};

export interface EditorStep {
  editor: string;
  /** `run`: a command for a terminal; `open`: a link the editor handles (Cursor's install links). */
  kind: 'run' | 'open';
  text: string;
}

/** The server's entry in an `mcp.json` (Cursor's shape; VS Code's also names the transport, `typed`). */
function serverConfig(target: McpTarget, typed = false): Record<string, unknown> {
  const stdio = 'checkout' in target;
  return {
    ...(typed ? {type: stdio ? 'stdio' : 'http'} : {}),
    ...(stdio ? {command: 'npx', args: ['--prefix', target.checkout, MCP_BIN]} : {url: target.url}),
  };
}

const base64 = (text: string) =>
  typeof btoa === 'function' ? btoa(text) : Buffer.from(text, 'utf8').toString('base64');

/** One step per editor that adds the server: Claude Code's and VS Code's commands, Cursor's install link. */
export function editorSteps(target: McpTarget): EditorStep[] {
  return [
    {
      editor: 'Claude Code',
      kind: 'run',
      text:
        'url' in target
          ? `claude mcp add --transport http ${MCP_NAME} ${target.url}`
          : `claude mcp add ${MCP_NAME} -- npx --prefix ${target.checkout} ${MCP_BIN}`,
    },
    {
      editor: 'Cursor',
      kind: 'open',
      text: `cursor://anysphere.cursor-deeplink/mcp/install?name=${MCP_NAME}&config=${encodeURIComponent(base64(JSON.stringify(serverConfig(target))))}`,
    },
    {
      editor: 'VS Code',
      kind: 'run',
      text: `code --add-mcp '${JSON.stringify({name: MCP_NAME, ...serverConfig(target, true)})}'`,
    },
  ];
}
