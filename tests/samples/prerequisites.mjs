// A page's prerequisites (tests/samples/README.md): one YAML file per page in
// ./prerequisites/, read by the Python and curl runners alike.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDER = path.join(ROOT, 'tests/samples/prerequisites');
const KEYS = ['login', 'env', 'files', 'atlas', 'placeholders'];

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
