// Checks for the kinds of mistakes the 2026-11-28 review found, each a class that can come back:
// a quoted error message no source prints, a command its tool no longer has, the tag-by-ids
// path the site no longer documents, a page that assumes `nomic login` but reads NOMIC_API_KEY,
// and a claim about what the server does on failure with no source. The prose guards read the OpenAPI
// specs' descriptions and summaries too (specProse): the reference renders them like pages.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';
import {registeredClaimProblems} from './corrections.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Commands a tool no longer ships, with what replaced them and where that is recorded. */
export const REMOVED_COMMANDS = [
  {
    pattern: /\bhuggingface-cli\b/,
    why: 'huggingface_hub 1.0 and later install only the `hf` command (its entry_points.txt); `datasets` needs huggingface-hub>=1.31, so use `hf auth login`',
  },
];

/** Paths the site no longer documents (FACTS.md Corrections). */
export const RETIRED_PATHS = [
  {
    pattern: /\/v1\/tag\/apply-to-ids\b/,
    why: 'tag by ids is POST /v1/query/update/tag/ids, the path Nomic\'s reference page and guides show (FACTS.md Corrections, 2026-11-28); "apply-to-ids" is only in that page\'s slug',
  },
];

/** Problems anywhere in a page, code included: removed commands and retired paths. */
export function removedProblems(body) {
  return [...REMOVED_COMMANDS, ...RETIRED_PATHS]
    .filter(({pattern}) => pattern.test(body))
    .map(({pattern, why}) => `"${pattern.exec(body)[0]}": ${why}`);
}

const ASSUMES_LOGIN = /\bassumes? you have logged in\b[^.]*`nomic login/i;

/** A page that tells the reader its examples need only `nomic login` must not read NOMIC_API_KEY in Python. */
export function loginAssumptionProblems(prose, pythonBlocks) {
  if (!ASSUMES_LOGIN.test(prose.replace(/\s+/g, ' '))) return [];
  return pythonBlocks
    .filter((block) => /NOMIC_API_KEY/.test(block.code))
    .map(
      (block) =>
        `line ${block.line}: the page says its examples assume \`nomic login\`, but this block reads NOMIC_API_KEY (say the variable is needed too, or use the login)`,
    );
}

// --- quoted error messages ----------------------------------------------------------------

const CODE_SPAN = /`([^`\n]+)`/g;
const EXCEPTION = /^(?:[A-Za-z_][\w.]*\.)?[A-Z]\w*(?:Error|Exception|Warning)(?::\s*(.*))?$/;
const PLACEHOLDER = /…|\.\.\.|<[^<>]+>/;

/**
 * The error messages a page quotes for the reader to recognise: code spans of the form
 * `SomeError: message`, and the first cell of a table row or the bold lead of a paragraph
 * when it is a phrase (three words or more, no code punctuation).
 */
export function quotedMessages(body) {
  const prose = body.replace(FENCE, (block) => block.replace(/[^\n]/g, ' '));
  const found = [];
  const lineOf = (index) => prose.slice(0, index).split('\n').length;
  for (const match of prose.matchAll(CODE_SPAN)) {
    const exception = EXCEPTION.exec(match[1].trim());
    // A KeyError's "message" is the missing key, not text any source prints.
    if (exception?.[1] && !/^(?:\w+\.)*KeyError:/.test(match[1].trim()))
      found.push({line: lineOf(match.index), message: exception[1].trim(), quoted: match[1]});
  }
  for (const match of prose.matchAll(/^(?:\| *|\*\*)`([^`\n]+)`/gm)) {
    const text = match[1].trim();
    // A phrase, not code: no call, assignment or path, and not an SQL statement.
    if (EXCEPTION.test(text) || /[()=[\]{}/]|^\w+\.\w|^[A-Z]{2,}\b/.test(text) || text.split(/\s+/).length < 3)
      continue;
    found.push({line: lineOf(match.index), message: text, quoted: text});
  }
  return found;
}

const FENCE = /^([ \t]*)(```+)[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm;

/** The code of a page's fenced blocks. */
function codeOf(body) {
  return [...body.matchAll(FENCE)].map((m) => m[3]).join('\n');
}

/** The literal pieces of a message, between its placeholders. */
function fragments(message) {
  return message
    .split(PLACEHOLDER)
    .map((piece) => piece.trim().replace(/^['"]|['"]$/g, ''))
    .filter((piece) => piece.length >= 8);
}

/**
 * The strings whose presence in the sources proves a piece: the piece itself, or, for a message formatted
 * with values, the piece without up to two words at either end, or the two sides of one word in the middle.
 */
export function proofs(piece) {
  const words = piece.split(' ');
  const out = [[piece]];
  for (let front = 0; front <= 2; front++)
    for (let back = 0; back <= 2; back++) {
      const middle = words.slice(front, words.length - back).join(' ');
      if ((front || back) && middle.length >= 12) out.push([middle]);
    }
  for (let i = 1; i < words.length - 1; i++) {
    const [left, right] = [words.slice(0, i).join(' '), words.slice(i + 1).join(' ')];
    if (left.length >= 8 && right.length >= 6) out.push([left, right]);
  }
  return out;
}

/** Which of `strings` occur in the samples' environment: every installed package's Python source and compiled library. */
function foundInEnvironment(strings) {
  const site = path.join(ROOT, '.venv/lib');
  if (!fs.existsSync(site))
    throw new Error('the samples environment (.venv) is missing: make it with node tests/samples/session/venv.mjs');
  const list = [...new Set(strings)];
  if (!list.length) return new Set();
  // One pass of grep with every string at once; a match of a longer string proves the shorter ones inside it.
  const out = spawnSync('grep', ['-rhoaF', '--include=*.py', '--include=*.pyx', '--include=*.so', '-f', '-', site], {
    input: list.join('\n'),
    encoding: 'latin1',
    maxBuffer: 1 << 30,
  });
  const matched = [...new Set(out.stdout.split('\n'))];
  return new Set(list.filter((s) => matched.some((m) => m.includes(s))));
}

let allowed;
/** Messages other sources print, each with where it was seen (tests/content/quoted-messages.yaml). */
export function citedMessages() {
  allowed ??= yaml.load(fs.readFileSync(path.join(ROOT, 'tests/content/quoted-messages.yaml'), 'utf8')) ?? [];
  return allowed;
}

/**
 * Quoted messages that neither the installed packages nor a cited source print, over all pages at once:
 * `pages` is `[{where, body, line}]`, `line` being the file line `body` starts on (1 for a page, more for a spec's
 * description); `find` says which strings the sources have (default: the samples' environment).
 */
export function quotedMessageProblems(pages, {find = foundInEnvironment, cited = citedMessages()} = {}) {
  const quoted = pages.flatMap(({where, body, line = 1}) =>
    quotedMessages(body)
      .filter(({message}) => !cited.some((entry) => message.includes(entry.message) || entry.message.includes(message)))
      .map((q) => ({...q, where, line: line + q.line - 1, code: codeOf(body), pieces: fragments(q.message)})),
  );
  const found = find(quoted.flatMap((q) => q.pieces.flatMap((piece) => proofs(piece).flat())));
  const problems = [];
  for (const q of quoted) {
    // A message the page's own code prints (a script it has the reader save) is sourced by that code.
    const has = (s) => found.has(s) || q.code.includes(s);
    const missing = q.pieces.find((piece) => !proofs(piece).some((proof) => proof.every(has)));
    if (missing)
      problems.push({
        where: `${q.where}:${q.line}`,
        problem: `\`${q.quoted}\`: no installed package prints "${missing}"; quote the message as the code has it, or cite its source in tests/content/quoted-messages.yaml`,
      });
  }
  return problems;
}

// --- claims about what the server does when a request fails ---------------------------------

const SERVER_ACTS =
  /\b(?:the server|the API|Atlas|the service)\s+(?:then\s+)?(?:refuses|rejects|drops|skips|discards|ignores|keeps|stores|answers|returns|responds)\b|\b(?:skips|drops|discards) (?:that|the) (?:whole )?(?:shard|batch)\b/i;
const FAILURE =
  /\b(?:fail\w*|errors?|conflict\w*|refus\w*|reject\w*|invalid|wrong|missing|duplicate\w*|already|locked|limit\w*|too (?:large|many|long))\b/i;

/** A sentence that says what the server does when a request fails. */
export function isServerClaim(sentence) {
  return SERVER_ACTS.test(sentence) && FAILURE.test(sentence);
}

/** Sentences that say what the server does (on failure above all) without an entry in server-claims.yaml: `[{where, problem}]`. */
export function serverClaimProblems(page, prose, entries) {
  return registeredClaimProblems(page, prose, entries, isServerClaim, {
    kind: 'claim about what the server does,',
    registry: 'server-claims.yaml',
  });
}

// --- the same prose in the OpenAPI specs -----------------------------------------------------

const PROSE_KEY = /^(?:description|summary)$/;

/**
 * The `description` and `summary` strings of an OpenAPI file, as `[{line, text}]` with the line each text starts
 * on: the API reference renders them as it renders a page, so the page guards read them too. js-yaml tells a
 * listener about each node it reads; a string followed by `:` is a key, and the next node closed at the same depth
 * is that key's value.
 */
export function specProse(source) {
  const passages = [];
  const openedOn = []; // by depth, the line the node last opened there starts on
  const waiting = []; // by depth, the line of a description or summary whose value is being read
  yaml.load(source, {
    listener(event, {depth, line, position, kind, result}) {
      if (event === 'open') openedOn[depth] = line + 1;
      else if (waiting[depth]) {
        if (typeof result === 'string') passages.push({line: waiting[depth], text: result});
        waiting[depth] = undefined;
      } else if (kind === 'scalar' && PROSE_KEY.test(result)) {
        // A block scalar (`|`, `>`) starts its text on the next line.
        const key = /^[ \t]*:(?:[ \t]*([|>]))?/.exec(source.slice(position, position + 40));
        if (key) waiting[depth] = openedOn[depth] + (key[1] ? 1 : 0);
      }
    },
  });
  return passages;
}
