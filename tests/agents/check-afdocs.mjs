#!/usr/bin/env node
// The Agent-Friendly Documentation Spec's checker (afdocs, pinned in package.json) against the build as
// the shipped nginx block serves it (tests/support/nginx.mjs), with the deployed origin the build's
// links name (agents.json's siteUrl) rewritten to the local server. Fails under SCORE, on any check that
// fails, and on a warning README "Agent-friendly docs: the afdocs scorecard" does not explain.
// Usage: node tests/agents/check-afdocs.mjs [build dir, default build/]
import {execFile, spawn} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {promisify} from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.AFDOCS_PORT ?? 3951);
/** Set from the first full run (99/100, 2026-12-02); a drop below it is a regression to explain or fix. */
export const SCORE = 99;
/** Warnings the README explains, each with why it stays. */
export const EXPLAINED = {
  'content-start-position':
    'The skip link, announcement bar and navbar come before the content, in the order a person meets them.',
};

/** Resolves once something accepts connections on `port`; rejects if `child` exits first. */
function listening(port, child) {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}) before it listened on ${port}`)));
    const attempt = () =>
      net
        .connect(port, '127.0.0.1', function () {
          this.end();
          resolve();
        })
        .once('error', () => setTimeout(attempt, 100));
    attempt();
  });
}

/** The scorecard's problems: a score under SCORE, failed checks, unexplained warnings. */
export function problems(report) {
  const found = [];
  if (report.scoring.overall < SCORE) found.push(`scores ${report.scoring.overall}, under ${SCORE}`);
  for (const check of report.results) {
    if (check.status === 'fail' || check.status === 'error')
      found.push(`${check.id} ${check.status}s: ${check.message}`);
    if (check.status === 'warn' && !EXPLAINED[check.id])
      found.push(`${check.id} warns, and the README does not say why: ${check.message}`);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const build = path.resolve(ROOT, process.argv[2] ?? 'build');
  const {siteUrl} = JSON.parse(fs.readFileSync(path.join(build, 'agents.json'), 'utf8'));
  // No MCP server behind /mcp here (port 1 refuses at once): the static site must stand alone.
  const nginx = spawn(process.execPath, [path.join(ROOT, 'tests/support/nginx.mjs'), String(PORT), build], {
    env: {...process.env, MCP_UPSTREAM_PORT: '1'},
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let status = 1;
  try {
    await listening(PORT, nginx);
    // afdocs exits non-zero when a check fails; its report is on stdout either way.
    const stdout = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/afdocs'),
      ['check', `http://127.0.0.1:${PORT}`, '--canonical-origin', siteUrl, '--sampling', 'deterministic'].concat([
        '-f',
        'json',
        '--score',
        '-q',
        '--network-context',
        'ci',
      ]),
      {maxBuffer: 64 * 1024 * 1024},
    ).then(
      (done) => done.stdout,
      (error) => {
        if (!error.stdout) throw error;
        return error.stdout;
      },
    );
    const report = JSON.parse(stdout);
    const {overall, grade} = report.scoring;
    const counts = report.summary;
    console.log(
      `afdocs: ${overall}/100 (${grade}) for ${build} as nginx serves it: ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail, ${counts.skip} skipped`,
    );
    for (const check of report.results)
      if (check.status !== 'pass')
        console.log(
          `  ${check.status.padEnd(4)} ${check.id}: ${check.message}${EXPLAINED[check.id] ? ` (${EXPLAINED[check.id]})` : ''}`,
        );
    const found = problems(report);
    for (const problem of found) console.error(`✗ ${problem}`);
    status = found.length ? 1 : 0;
  } catch (error) {
    console.error(`✗ afdocs could not check the build: ${error.message}`);
  } finally {
    nginx.kill('SIGTERM');
  }
  process.exitCode = status;
}
