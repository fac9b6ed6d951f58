import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {blockHash} from '../hash';
import dependsOnResults from './dependsOnResults.cjs';
import type {BlockProof, SamplesFile} from '../types';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the build publishes every block's proof. */
export const SAMPLES_PATH = '/samples.json';
/** What `npm run test:samples` leaves for the build (git-ignored): its results, keyed by each block's hash. */
export const RESULTS_FILE: string = dependsOnResults.RESULTS_FILE;

/** One result of the samples run (tests/samples/run-samples.mjs), as it saves it. */
export interface SavedResult {
  route: string;
  line: number;
  kind: string;
  hash: string;
  status: 'ran' | 'checked' | 'norun' | 'failed';
  reason?: string;
}

export interface SavedResults {
  commit: string;
  versions: Record<string, string>;
  results: SavedResult[];
}

/** The checkout's commit, or `unknown` for a build outside git (a source archive). */
export function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** A page's blocks as tests/samples/fences.mjs lists them. */
type PageFences = {
  route: string;
  blocks: {lang?: string; kind: string; line: number; code: string; norun?: string}[];
}[];

/**
 * /samples.json: every block of every hand-written page with what the samples run of this commit found for that
 * very text. Results of another commit, or none, leave every block `not run`.
 */
export function samplesFile(pages: PageFences, saved: SavedResults | undefined, commit: string): SamplesFile {
  const usable = saved?.commit === commit ? saved : undefined;
  const byBlock = new Map<string, SavedResult[]>();
  for (const result of usable?.results ?? []) {
    const key = `${result.route}\n${result.line}\n${result.hash}`;
    byBlock.set(key, [...(byBlock.get(key) ?? []), result]);
  }
  const blocks: BlockProof[] = [];
  for (const page of pages)
    for (const block of page.blocks) {
      const hash = blockHash(block.code);
      const results = byBlock.get(`${page.route}\n${block.line}\n${hash}`) ?? [];
      const proof: BlockProof = {
        page: page.route,
        line: block.line,
        lang: block.lang ?? '',
        kind: block.kind,
        hash,
        status: 'not run',
      };
      if (results.some((r) => r.status === 'failed')) proof.status = 'failed';
      else if (results.length && results.every((r) => r.status === 'norun')) {
        proof.status = 'declared';
        const reason = block.norun ?? results.find((r) => r.reason)?.reason;
        if (reason) proof.reason = reason;
      } else if (results.length && results.every((r) => r.status === 'ran' || r.status === 'checked')) {
        proof.status = 'passed';
        proof.how = results.some((r) => r.status === 'ran') ? 'ran' : 'checked';
      }
      blocks.push(proof);
    }
  return {commit, ran: usable !== undefined, versions: usable?.versions ?? {}, blocks};
}

/** The results the last samples run saved, if any. */
export function readSavedResults(file = RESULTS_FILE): SavedResults | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SavedResults) : undefined;
}

/**
 * With SAMPLES_AWAIT_RESULTS=1 (tests/run-all.sh, whose build starts beside the samples run), the build waits for
 * that run's results before its pages compile: the file appears, renamed into place whole, when the run ends.
 * Waiting before compiling, not in each page, matters: the bundler's cache decides which pages to compile again
 * when compiling starts, so a file that appeared later would leave pages cached from a build without it.
 */
export function resultsReady(): Promise<void> {
  if (process.env.SAMPLES_AWAIT_RESULTS !== '1' || fs.existsSync(RESULTS_FILE)) return Promise.resolve();
  return new Promise((resolve) => {
    const watcher = fs.watch(path.dirname(RESULTS_FILE), () => {
      if (!fs.existsSync(RESULTS_FILE)) return;
      watcher.close();
      resolve();
    });
    // Written between the check above and the watch starting.
    if (fs.existsSync(RESULTS_FILE)) {
      watcher.close();
      resolve();
    }
  });
}
