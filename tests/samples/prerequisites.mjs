// A page's prerequisites (tests/samples/README.md): one YAML file per page in
// ./prerequisites/, read by the Python and curl runners alike.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDER = path.join(ROOT, 'tests/samples/prerequisites');
const KEYS = ['login', 'env', 'files', 'atlas', 'placeholders', 'typed'];

/** The prerequisites file of a route: `/platform/files/parse/overview/` → `platform__files__parse__overview.yaml`. */
export function prerequisitesFile(route) {
  return path.join(FOLDER, `${route.replace(/^\/+|\/+$/g, '').replaceAll('/', '__')}.yaml`);
}

/** The page's prerequisites (`{}` when it states none); unknown keys are an error. */
export function readPrerequisites(route) {
  const file = prerequisitesFile(route);
  if (!fs.existsSync(file)) return {};
  const data = yaml.load(fs.readFileSync(file, 'utf8')) ?? {};
  const unknown = Object.keys(data).filter((key) => !KEYS.includes(key));
  if (unknown.length) throw new Error(`${path.relative(ROOT, file)}: unknown keys ${unknown.join(', ')}`);
  return data;
}

/**
 * What the page tells its reader to bring that no block makes, as its notebook twin names and asks for it
 * (src/llms/notebook.ts): the files in the working folder and the environment variables.
 */
export function readerSetup(route) {
  const {files, env} = readPrerequisites(route);
  return {files: Object.keys(files ?? {}), env: Object.keys(env ?? {})};
}

/** File contents from a prerequisites value: a string, or `{copy: path}` relative to the repository. */
export function contents(value, where) {
  if (typeof value === 'string') return value;
  if (value && typeof value.copy === 'string') return fs.readFileSync(path.join(ROOT, value.copy));
  throw new Error(`${where}: expected text or {copy: path}`);
}

/** Writes `files` (name → text or `{copy: file or folder}`) into `folder`. */
export function writeFiles(files, folder, route) {
  for (const [name, value] of Object.entries(files ?? {})) {
    const target = path.join(folder, name);
    if (!target.startsWith(folder + path.sep)) throw new Error(`${route}: file ${name} leaves the working folder`);
    fs.mkdirSync(path.dirname(target), {recursive: true});
    const source = value?.copy && path.join(ROOT, value.copy);
    if (source && fs.statSync(source).isDirectory()) fs.cpSync(source, target, {recursive: true});
    else fs.writeFileSync(target, contents(value, `${route} files.${name}`));
  }
}

const normalised = (text) => String(text).replace(/\s+/g, ' ').trim();
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a page's prerequisites supply that the page does not tell its reader about: each file (by its path or
 * its name), environment variable, placeholder and Atlas dataset must be named on the page, and a logged-in
 * reader needs a page that says `nomic login`. A file whose text is one of the page's own fences is a second
 * copy of it: the fence should name the file (`title="…"`), so the session saves the page's own text.
 * `source` is the page's text, `fences` its fenced blocks (`{code, line}`).
 */
export function prerequisiteProblems(route, source, fences, data = readPrerequisites(route)) {
  const problems = [];
  const named = (text) => source.includes(text);
  const where = path.relative(ROOT, prerequisitesFile(route));
  for (const [name, value] of Object.entries(data.files ?? {})) {
    const parts = name.split('/');
    const folder = parts.length > 1 && new RegExp(`(^|[\\s\`(./])${escaped(parts[0])}(/|\`)`).test(source);
    if (!named(name) && !named(parts.at(-1)) && !folder)
      problems.push(`${where}: the file ${name} is not named on the page, so its reader does not know to bring it`);
    let text;
    try {
      text =
        fs.statSync(path.join(ROOT, value?.copy ?? '.')).isDirectory() && value?.copy
          ? undefined
          : contents(value, name);
    } catch {
      text = undefined;
    }
    const copied = text !== undefined && fences.find((fence) => normalised(fence.code) === normalised(text));
    if (copied)
      problems.push(
        `${where}: the file ${name} copies the fence at line ${copied.line}; give that fence title="${name}" instead`,
      );
  }
  for (const name of Object.keys(data.env ?? {}))
    if (!named(name)) problems.push(`${where}: the variable ${name} is not named on the page`);
  for (const text of Object.keys(data.placeholders ?? {}))
    if (!named(text)) problems.push(`${where}: the placeholder ${text} is not on the page`);
  for (const dataset of data.atlas?.datasets ?? []) {
    // The page names the dataset, one of its maps, or the map's ID (or the placeholder the reader types for it).
    const maps = dataset.maps ?? [];
    const ids = maps.map((m) => m.projection_id).filter(Boolean);
    const typed = Object.entries(data.placeholders ?? {})
      .filter(([, id]) => ids.includes(id))
      .map(([text]) => text);
    const names = [String(dataset.identifier).split('/').at(-1), ...maps.map((m) => m.name), ...ids, ...typed];
    if (!names.some((text) => text && named(text)))
      problems.push(`${where}: the dataset ${dataset.identifier} is not named on the page (nor a map of it)`);
  }
  if (data.login && !/nomic[ .]login/.test(source))
    problems.push(`${where}: the reader is logged in, but the page never says to run nomic login`);
  return problems;
}
