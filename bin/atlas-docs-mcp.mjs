#!/usr/bin/env node
// The docs' MCP server from a checkout (`npx --prefix <checkout> atlas-docs-mcp`, or `npm run mcp`): runs
// src/mcp/cli.ts, which is TypeScript, through the checkout's vite-node; arguments and stdio pass through.
import {spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/vite-node/vite-node.mjs'),
    path.join(ROOT, 'src/mcp/main.ts'),
    '--',
    ...process.argv.slice(2),
  ],
  {stdio: 'inherit', cwd: ROOT},
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
