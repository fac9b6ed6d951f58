#!/usr/bin/env node
// Serves a build with Debian's nginx and the shipped server block
// (deploy/nginx.conf), on a local port, in the foreground: the browser tests
// start it (tests/e2e/playwright.config.ts) as they start Chromium, and stop it
// when they end. Only the port, the root and the snippet's path differ from
// what a deployment uses.
// Usage: node tests/support/nginx.mjs <port> <build dir>
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The shipped server block, pointed at a build folder, a port and the MCP upstream's port (MCP_UPSTREAM_PORT, default 3920). */
export function serverBlock(port, root, mcpPort = Number(process.env.MCP_UPSTREAM_PORT ?? 3920)) {
  const shipped = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  return shipped
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replaceAll('/srv/atlas-docs', root.replace(/\/$/, ''))
    .replace('proxy_pass http://127.0.0.1:3920;', `proxy_pass http://127.0.0.1:${mcpPort};`);
}

/** A whole nginx configuration around the server block, with its files in `dir`. */
export function mainConfig(block, dir) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${block}
}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, build] = process.argv.slice(2);
  if (!port || !build) {
    console.error('Usage: node tests/support/nginx.mjs <port> <build dir>');
    process.exit(2);
  }
  if (!fs.existsSync(NGINX)) {
    console.error(`nginx is not installed (${NGINX}): run tests/setup/ensure-system.sh, or apt-get install nginx.`);
    process.exit(1);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, mainConfig(serverBlock(Number(port), path.resolve(ROOT, build)), dir));
  const nginx = spawn(NGINX, ['-p', dir, '-c', conf], {stdio: 'inherit'});
  const stop = () => nginx.kill('SIGQUIT');
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
  nginx.on('exit', (code) => {
    fs.rmSync(dir, {recursive: true, force: true});
    process.exit(code ?? 0);
  });
}
