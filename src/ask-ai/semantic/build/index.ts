import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {run} from '../../../../scripts/python-env.mjs';
import {CACHE_DIR, ensurePython, REQUIREMENTS} from './env.mjs';
import {blockText} from '../../../search/passages';
import type {SearchRecord} from '../../../search/records';
import {SEARCH_FILES_PATH} from '../../../search/indexFiles';
import {SEARCH_STATIC_DIR} from '../../../search/build/files';
import type {SemanticFiles} from '../../types';

/**
 * Ask AI's semantic ranking at build time: each search record encoded by
 * all-MiniLM-L6-v2 (encoder.py, in a Python environment of its own), and the
 * model the browser encodes questions with. Vectors are cached by text, so a
 * rebuild encodes only the sections that changed. The environment is
 * .venv-ask-ai (./env.mjs) and the cache is in node_modules/.cache; copies of
 * the repository link both.
 */
const HERE = __dirname;
const ENCODER = path.join(HERE, 'encoder.py');
export const DIMENSIONS = 384;
export const VECTORS_FILE = 'ask-vectors.bin';

const sha = (...parts: (string | Buffer)[]) => {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** Seconds since `started` (performance.now()), as the build's [ask-ai] lines print them and bench:scale reads them. */
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/** A text's key in the vector cache. */
const cacheKey = (text: string) => sha(text).slice(0, 24);

/** What the encoder reads of a section: its headings, then its prose (code left out). */
export function sectionText(record: SearchRecord): string {
  const {lvl1, lvl2, lvl3} = record.hierarchy;
  const blocks = record.blocks ?? [{p: record.content}];
  const prose = blocks.filter((block) => !('code' in block)).map(blockText);
  return `${[lvl1, lvl2, lvl3].filter(Boolean).join(' ')}. ${prose.join(' ')}`;
}

/** Names the model and the vector cache: a change to the encoder or its packages makes new ones. */
const encoderVersion = () => sha(fs.readFileSync(ENCODER), fs.readFileSync(REQUIREMENTS)).slice(0, 12);

const servedFiles = (version: string) => ({
  model: `${SEARCH_FILES_PATH}/ask-model-${encoderVersion()}.bin`,
  vectors: `${SEARCH_FILES_PATH}/${version}/${VECTORS_FILE}`,
});

/** The model file the browser loads, written once per encoder version. */
export async function modelFile(): Promise<string> {
  const modelPath = path.join(CACHE_DIR, `model-${encoderVersion()}.bin`);
  if (!fs.existsSync(modelPath)) {
    // The model comes first of what the cache holds (the vectors follow it).
    fs.mkdirSync(CACHE_DIR, {recursive: true});
    const started = performance.now();
    await run(await ensurePython(), [ENCODER, 'model', modelPath]);
    console.log(`[ask-ai] wrote the model in ${seconds(started)} s`);
  }
  return modelPath;
}

/** Int8 vectors of texts, one row of DIMENSIONS each, from the Python encoder. */
export async function encodeTexts(texts: string[]): Promise<Buffer> {
  const python = await ensurePython();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-ai-'));
  try {
    fs.writeFileSync(path.join(work, 'texts.json'), JSON.stringify(texts));
    await run(python, [ENCODER, 'encode', path.join(work, 'texts.json'), path.join(work, 'vectors.bin')]);
    return fs.readFileSync(path.join(work, 'vectors.bin'));
  } finally {
    fs.rmSync(work, {recursive: true, force: true});
  }
}

async function build(records: SearchRecord[], version: string): Promise<Map<string, Buffer>> {
  const modelPath = await modelFile();

  const cachePath = path.join(CACHE_DIR, `vectors-${encoderVersion()}.json`);
  const cache: Record<string, string> = fs.existsSync(cachePath) ? JSON.parse(fs.readFileSync(cachePath, 'utf8')) : {};
  const texts = records.map(sectionText);
  const keys = texts.map(cacheKey);
  const missing = [...new Set(texts.filter((_, i) => !(keys[i]! in cache)))];
  if (missing.length > 0) {
    const started = performance.now();
    const vectors = await encodeTexts(missing);
    missing.forEach((text, i) => {
      cache[cacheKey(text)] = vectors.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS).toString('base64');
    });
    fs.writeFileSync(cachePath, JSON.stringify(cache));
    console.log(`[ask-ai] encoded ${missing.length} sections in ${seconds(started)} s`);
  }
  const vectors = Buffer.concat(keys.map((key) => Buffer.from(cache[key]!, 'base64')));
  const served = servedFiles(version);
  return new Map([
    [served.model, fs.readFileSync(modelPath)],
    [served.vectors, vectors],
  ]);
}

/** Where the browser finds the model and the vectors of an index version. */
export function semanticUrls(baseUrl: string, version: string): SemanticFiles {
  const served = servedFiles(version);
  return {model: baseUrl + served.model, vectors: baseUrl + served.vectors};
}

/**
 * Starts encoding; the files reach the search files' static folder when done
 * (`npm start` serves them from there as soon as they exist) and `finish`
 * puts them in a build's output. Without Python or the package registry,
 * Ask AI ranks by words alone and the build says so; CI must have them.
 */
export function startSemantic(siteDir: string, records: SearchRecord[], baseUrl: string, version: string) {
  const urls = semanticUrls(baseUrl, version);
  // Files by path below the site's base URL.
  const done = build(records, version).then(
    (built) => {
      for (const [file, data] of built) {
        const target = path.join(siteDir, SEARCH_STATIC_DIR, file);
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.writeFileSync(target, data);
      }
      return built;
    },
    (error: unknown) => {
      if (process.env.CI === 'true') throw error;
      console.warn(`[ask-ai] semantic ranking is off (Ask AI ranks by words alone): ${String(error)}`);
      return undefined;
    },
  );
  return {
    urls,
    /** Waits for the files and writes them into a build's output folder. */
    async finish(outDir: string) {
      const built = await done;
      if (!built) return;
      for (const [file, data] of built) {
        fs.mkdirSync(path.dirname(path.join(outDir, file)), {recursive: true});
        fs.writeFileSync(path.join(outDir, file), data);
      }
    },
  };
}

/** The encoder and vectors the last build or start wrote (the benchmark asks what the site ships), or undefined. */
export function readSemanticFiles(siteDir: string): {model: ArrayBuffer; vectors: ArrayBuffer} | undefined {
  const listing = path.join(siteDir, '.docusaurus/search-index/default/ask-semantic.json');
  if (!fs.existsSync(listing)) return undefined;
  const urls = JSON.parse(fs.readFileSync(listing, 'utf8')) as SemanticFiles;
  const read = (url: string) => {
    const file = path.join(siteDir, SEARCH_STATIC_DIR, url.slice(url.indexOf(`${SEARCH_FILES_PATH}/`)));
    if (!fs.existsSync(file)) return undefined;
    return new Uint8Array(fs.readFileSync(file)).buffer;
  };
  const model = read(urls.model);
  const vectors = read(urls.vectors);
  return model && vectors ? {model, vectors} : undefined;
}
