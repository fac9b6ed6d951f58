// Checks the fences that are not run (checks.py): JSON examples against their spec operation,
// signatures against the installed client, YAML workflows against the files their page saves.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {ensureVenv} from '../session/venv.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CHECKED_KINDS = new Set(['json', 'signature', 'yaml']);

/** `[{kind, route, file, line, status: 'ran' | 'norun' | 'failed', detail}]` for the pages' checked fences. */
export async function runChecks(pages) {
  const fences = pages.flatMap((page) =>
    page.blocks.filter((b) => CHECKED_KINDS.has(b.kind)).map((b) => ({page, block: b, id: `${page.route}:${b.line}`})),
  );
  if (!fences.length) return [];
  const result = ({page, block}, status, detail) => ({
    kind: block.kind,
    route: page.route,
    file: page.file,
    line: block.line,
    status,
    detail,
  });
  const checked = fences.filter(({block}) => block.norun === undefined);
  const python = await ensureVenv();
  const input = checked.map(({page, block, id}) => ({
    id,
    kind: block.kind,
    code: block.code,
    meta: block.meta,
    titles: page.blocks.filter((b) => b.title).map((b) => b.title),
  }));
  const run = spawnSync(python, [path.join(HERE, 'checks.py')], {input: JSON.stringify(input), encoding: 'utf8'});
  if (run.status !== 0) return checked.map((f) => result(f, 'failed', `checks.py failed:\n${run.stderr}`));
  const problems = JSON.parse(run.stdout);
  return fences.map((f) =>
    f.block.norun !== undefined
      ? result(f, 'norun', f.block.norun)
      : problems[f.id]
        ? result(f, 'failed', problems[f.id])
        : result(f, 'ran'),
  );
}
