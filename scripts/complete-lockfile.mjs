#!/usr/bin/env node
// The npm mirror this project installs from lacks the prebuilt binaries of
// other platforms (darwin, win32, …) for a few packages, so `npm install`
// leaves those optional dependencies out of package-lock.json and `npm ci`
// then rejects the lock file. This adds the missing entries, with the
// platform each name encodes, so npm skips them on platforms they don't fit.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'openharmony', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

/** Platform fields for a binary package name such as `@swc/core-linux-arm-gnueabihf`. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return undefined;
  const fields = {cpu: [cpu], os: [os]};
  if (os === 'linux' && parts.some((p) => p.startsWith('musl'))) fields.libc = ['musl'];
  else if (os === 'linux' && parts.some((p) => p.startsWith('gnu'))) fields.libc = ['glibc'];
  return fields;
}

export function completeLock(lock) {
  const added = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const location = `${key ? `${key}/` : ''}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[location] || lock.packages[hoisted]) continue;
      const platform = platformOf(name);
      if (!platform) continue;
      lock.packages[hoisted] = {version: range.replace(/^[\^~=]/, ''), ...platform, optional: true};
      added.push(`${name}@${lock.packages[hoisted].version}`);
    }
  }
  return added;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package-lock.json');
  const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
  const added = completeLock(lock);
  if (added.length) {
    lock.packages = Object.fromEntries(
      Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
    );
    fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`package-lock.json: added ${added.length} optional platform entries`);
  }
}
