#!/usr/bin/env node
// `npm audit --omit=dev`: fails on a high or critical advisory in what ships to
// readers (production dependencies), unless tests/setup/audit-exceptions.json
// records why it cannot reach a reader ({"package": "why"}). Registries without an audit endpoint
// (a mirror answering 405, no network) are reported and skipped: the check
// then runs wherever the public registry is reachable, such as GitHub Actions.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Advisories at or above "high" that no exception covers, as printable lines. */
export function blockingAdvisories(report, exceptions) {
  return Object.values(report.vulnerabilities ?? {})
    .filter((v) => ['high', 'critical'].includes(v.severity))
    .filter((v) => !exceptions[v.name])
    .map(
      (v) =>
        `${v.severity}: ${v.name} ${v.range} (${[v.via]
          .flat()
          .map((via) => via.title ?? via)
          .join('; ')})`,
    );
}

function main() {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {cwd: ROOT, encoding: 'utf8'});
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = {message: result.stderr.trim() || 'no output'};
  }
  if (!report.vulnerabilities) {
    console.log(`npm audit unavailable here, skipped: ${report.message ?? report.error?.summary ?? 'unknown error'}`);
    return;
  }
  const exceptions = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/setup/audit-exceptions.json'), 'utf8'));
  const blocking = blockingAdvisories(report, exceptions);
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
  if (blocking.length) {
    console.error(`High or critical advisories in production dependencies:\n${blocking.join('\n')}`);
    console.error('Upgrade them, or record in tests/setup/audit-exceptions.json why they cannot reach a reader.');
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
