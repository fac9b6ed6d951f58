// Published facts that were once wrong on this site and were corrected against
// the client source (FACTS.md, "Corrections"). Each rule is a pattern a machine
// can spot, so a correction cannot quietly come back.

// Any character of one sentence: a period followed by a space or line end ends it.
const SENTENCE = '(?:[^.\\n]|\\.(?=\\S))';

/** Wording that contradicts a correction, checked in page prose and spec text alike. */
export const WRONG_WORDING = [
  {
    pattern: /(resiz|downscal|downsiz|shrink)\w*[^.\n]{0,80}\bat most 512\b/i,
    why: 'images are not resized to "at most 512": add_data makes large images exactly 512×512; embed.image shrinks only by a whole-number factor',
  },
  {
    pattern: /longest side[^.\n]{0,60}\b512\b/i,
    why: 'neither client keeps the longest side at 512; add_data makes large images exactly 512×512',
  },
  {
    pattern: /\bURLs?,? (?:image |raw )?bytes\b|\bbytes,? URLs?\b/i,
    why: 'no client takes both URLs and bytes: embed.image takes paths, URLs or PIL images (not bytes); add_data blobs take paths, bytes or PIL images (not URLs)',
  },
  {
    pattern: /\bearlier editions\b/i,
    why: 'no source dates one edition of the API reference before another',
  },
  {
    pattern:
      /\b(earlier|older|legacy|previous)\b[^.\n]{0,100}\/v1\/(query\/update\/tag\/ids|status\/|user\/authorization\/keys)|\/v1\/(query\/update\/tag\/ids|status\/\{task_id\}|user\/authorization\/keys)[^.\n]{0,60}\b(earlier|older|previous)\b/i,
    why: 'say neutrally which path a client calls; no source says which of the two paths is older',
  },
  {
    pattern: /\/v1\/user\/authorization-keys\b/,
    why: 'the clients call /v1/user/authorization/keys/{organization_id} (the hyphen comes from a page slug; FACTS.md, API keys decided)',
  },
  {
    pattern: /\bDELETE\b[^.\n]{0,40}authorization\/keys|authorization\/keys\/\{[a-z_]+\}\/\{key_name\}/i,
    why: 'a key is revoked with POST /v1/user/authorization/keys/{organization_id}/delete and {"key_name": …}',
  },
  {
    // Within one sentence (a period inside `nk-...` does not end it); the variable inside a
    // nomic.login(os.environ["NOMIC_API_KEY"]) call is a login the script makes itself.
    pattern: new RegExp(
      [
        `(?<!environ\\[["'])NOMIC_API_KEY${SENTENCE}{0,100}\\bor\\b${SENTENCE}{0,40}\`?nomic login\\b(?!\\()`,
        `\`?nomic login\\b(?!\\()${SENTENCE}{0,100}\\bor\\b${SENTENCE}{0,60}(?<!environ\\[["'])NOMIC_API_KEY`,
        `\\bclient (?:reads|picks up|looks up|finds)\\b${SENTENCE}{0,30}NOMIC_API_KEY`,
        `NOMIC_API_KEY${SENTENCE}{0,60}\\b(?:is enough|logs? (?:you )?in\\b)`,
      ].join('|'),
      'i',
    ),
    why: 'the Python client reads only the credentials file `nomic login` writes, never NOMIC_API_KEY: a script that logs in with the variable calls nomic.login(os.environ["NOMIC_API_KEY"]) itself',
  },
  {
    pattern:
      /\bno (?:CRM|Zendesk|help ?desk|ticketing)\b[^.\n]{0,20}\bconnector|\b(?:no|not|n't|without)\b[^.\n]{0,60}\bconnectors?\b[^.\n]{0,60}\bZendesk\b|\bZendesk\b[^.\n]{0,60}\b(?:no|not|n't|without)\b[^.\n]{0,30}\bconnector/i,
    why: 'the server types have a Zendesk connector job (/v1/recurring_jobs/create/zendesk_connector); do not deny it',
  },
  {
    pattern: /default for image maps/i,
    why: 'create_index(modality="image") defaults to nomic-embed-text-v1.5; only map_data(blobs=…) defaults to the vision model',
  },
];

/** Problems in prose (page text outside code, or spec descriptions). */
export function wordingProblems(text) {
  return WRONG_WORDING.filter(({pattern}) => pattern.test(text)).map(
    ({pattern, why}) => `"${pattern.exec(text)[0]}": ${why}`,
  );
}

/** The arguments of every call to `name(` in Python source, parentheses balanced. */
function callArguments(code, name) {
  const out = [];
  for (let i = code.indexOf(`${name}(`); i !== -1; i = code.indexOf(`${name}(`, i + 1)) {
    let depth = 0;
    for (let j = i + name.length; j < code.length; j++) {
      if (code[j] === '(') depth++;
      else if (code[j] === ')' && --depth === 0) {
        out.push(code.slice(i + name.length + 1, j));
        break;
      }
    }
  }
  return out;
}

/** Problems in one Python code block. */
export function pythonProblems(code) {
  const problems = [];
  for (const args of callArguments(code, 'create_index'))
    if (/modality\s*=\s*["']image["']/.test(args) && !/embedding_model\s*=/.test(args))
      problems.push(
        'create_index(modality="image") without embedding_model embeds with nomic-embed-text-v1.5; pass embedding_model="nomic-embed-vision-v1.5"',
      );
  for (const args of callArguments(code, 'embed.image'))
    if (/\bbytes\b|\.read\(\)|getvalue\(\)/.test(args)) problems.push('embed.image does not accept bytes');
  return problems;
}

/** True when a Python block hands pandas data to add_data (pandas 3 breaks that on client 3.9). */
export function passesDataFrameToAddData(code) {
  return /\badd_data\(/.test(code) && /\bimport pandas\b|\bpd\.(read_|DataFrame)/.test(code);
}

export const PANDAS_3_ADVICE = /pandas<3/;

/** Problems with the server defaults of POST /v1/embedding/text as the v1 spec states them. */
export function embedTextDefaultsProblems(spec) {
  const props = spec?.components?.schemas?.EmbedTextRequest?.properties ?? {};
  const problems = [];
  if (props.model?.default !== 'nomic-embed-text-v1')
    problems.push(`EmbedTextRequest.model default is ${props.model?.default}; the server's is nomic-embed-text-v1`);
  if (props.long_text_mode?.default !== 'mean')
    problems.push(`EmbedTextRequest.long_text_mode default is ${props.long_text_mode?.default}; the server's is mean`);
  return problems;
}

/** Release-note headings of Python client versions that lack a date. 3.0 has none on record. */
export function undatedClientReleases(markdown) {
  return [...markdown.matchAll(/^###\s+Python client (\d+\.\d+(?:\.\d+)?)(.*)$/gm)]
    .filter(([, version, rest]) => version !== '3.0' && !/\(\d{4}-\d{2}-\d{2}\)/.test(rest))
    .map(([, version]) => version);
}

/**
 * Sentences that say something does not exist or is not known: each needs a
 * source (tests/content/negative-claims.yaml), since "there is no…" is a fact
 * like any other.
 */
export const NEGATIVE_CLAIM = new RegExp(
  [
    '\\bthere (?:is|are) no\\b',
    '\\bno (?:public|published)\\b',
    '\\b(?:not|never) (?:publicly )?(?:documented|published)\\b',
    '\\bundocumented\\b',
    "\\b(?:Atlas|Nomic) (?:does not|doesn't|has no)\\b",
    '\\b(?:documents|publishes|gives|lists|names) (?:no|none)\\b',
    `\\b(?:spec|reference|docs?|page|types?)\\b${SENTENCE}{0,20}\\b(?:does not|doesn't|do not|don't)\\b${SENTENCE}{0,10}\\b(?:list|say|document|give|name|mention|describe|publish)\\b`,
  ].join('|'),
  'i',
);

/**
 * Negative claims in a page's prose that no entry of `entries` ({page, claim,
 * source}) covers, and entries of this page that match no such sentence.
 */
export function negativeClaimProblems(page, prose, entries) {
  return registeredClaimProblems(page, prose, entries, (sentence) => NEGATIVE_CLAIM.test(sentence), {
    kind: 'negative claim',
    registry: 'negative-claims.yaml',
  });
}

/**
 * The sentences of a page's prose that `isClaim` picks and no entry of its registry (`entries`, from
 * tests/content/<registry>) sources by quoting part of them, and the page's entries whose words are gone, as
 * `[{where, problem}]`. `prose` is a page's text, or a spec's passages (`[{line, text}]`, see specProse in
 * guards.mjs), whose problems are placed at `page:line`.
 */
export function registeredClaimProblems(page, prose, entries, isClaim, {kind, registry}) {
  const passages = typeof prose === 'string' ? [{text: prose}] : prose;
  const mine = entries.filter((e) => e.page === page);
  const problems = [];
  for (const {line, text} of passages)
    for (const sentence of text.replace(/\s+/g, ' ').split(/(?<=[.!?:])\s+(?=[A-Z`*(|-])|\s\|\s/))
      if (isClaim(sentence) && !mine.some((e) => sentence.includes(e.claim)))
        problems.push({
          where: line ? `${page}:${line}` : page,
          problem: `${kind} with no source in tests/content/${registry}: "${sentence.trim().slice(0, 160)}"`,
        });
  // An entry may also source a sentence the pattern does not catch; it is stale once its words are gone.
  const flat = passages.map(({text}) => text.replace(/\s+/g, ' ')).join(' ');
  for (const entry of mine)
    if (!flat.includes(entry.claim))
      problems.push({where: page, problem: `${registry} entry is not on the page any more: "${entry.claim}"`});
  return problems;
}

/**
 * The Files pages (/platform/files/) and operations once carried status codes,
 * headers, expiry times and messages of the newer Nomic Platform (FACTS.md §0).
 * Atlas v1's sources (FACTS.md §9, Nomic's v1 reference pages, the server
 * types) give only these responses.
 */
export const FILES_RESPONSES = {
  'POST /v1/upload': ['201', '403', '422'],
  'POST /v1/parse': ['201', '403', '422'],
  'POST /v1/extract': ['201', '403', '422'],
  'GET /v1/task/{task_id}': ['200', '403', '422'],
  'DELETE /v1/task/{task_id}': ['204', '403', '422', '501'],
};
const FILES_WORDING =
  /\b(?:413|404|429)\b|\bRetry-After\b|\bX-Amz-Expires\b|\b(?:one|1)[- ]hour\b|\b3600\b|could not be downloaded/i;

/** Status codes, headers, expiry times and messages on a Files page that no Atlas v1 source gives. */
export function filesPageProblems(body) {
  const found = FILES_WORDING.exec(body);
  return found ? [`"${found[0]}" on a Files page: no Atlas v1 source gives it (FACTS.md §0, §9)`] : [];
}

/** Responses of the Files operations in the v1 spec beyond FILES_RESPONSES, and Retry-After headers. */
export function filesSpecProblems(spec) {
  const problems = [];
  for (const [operation, allowed] of Object.entries(FILES_RESPONSES)) {
    const [method, path] = operation.split(' ');
    const responses = spec?.paths?.[path]?.[method.toLowerCase()]?.responses;
    if (!responses) {
      problems.push(`${operation} is missing from the spec`);
      continue;
    }
    for (const code of Object.keys(responses))
      if (!allowed.includes(code)) problems.push(`${operation} documents ${code}, which no Atlas v1 source gives`);
  }
  if (JSON.stringify(spec?.paths ?? {}).includes('Retry-After'))
    problems.push('the v1 spec documents a Retry-After header, which no Atlas v1 source gives');
  return problems;
}

/** The API-key operations the clients call (FACTS.md, API keys decided 2026-11-25), on their page ids. */
export const API_KEY_OPERATIONS = {
  getApiKeys: 'GET /v1/user/authorization/keys/{organization_id}',
  createApiKey: 'POST /v1/user/authorization/keys/{organization_id}/create',
  deleteApiKey: 'POST /v1/user/authorization/keys/{organization_id}/delete',
};

/** Where the v1 spec's API-key operations differ from the paths the clients call. */
export function apiKeyPathProblems(spec) {
  const found = {};
  for (const [path, operations] of Object.entries(spec?.paths ?? {}))
    for (const [method, operation] of Object.entries(operations))
      if (/authorization[/-]keys/.test(path) && operation?.operationId)
        found[operation.operationId] = `${method.toUpperCase()} ${path}`;
  return Object.entries({...API_KEY_OPERATIONS, ...found})
    .filter(([id]) => found[id] !== API_KEY_OPERATIONS[id])
    .map(([id]) =>
      API_KEY_OPERATIONS[id]
        ? `${id} is ${found[id] ?? 'missing'}; the clients call ${API_KEY_OPERATIONS[id]}`
        : `${id} (${found[id]}) is not an API-key path the clients call`,
    );
}

/**
 * Front-matter `keywords`: the words readers use for a page's subject that
 * its title and text may not (search and Ask AI match them; the page's
 * <meta name="keywords"> shows them). A list of short, distinct phrases.
 */
export function keywordProblems(frontMatter) {
  const {keywords, title = ''} = frontMatter;
  if (keywords === undefined) return [];
  if (!Array.isArray(keywords) || keywords.length === 0) return ['keywords must be a non-empty list'];
  const problems = [];
  const seen = new Set();
  for (const keyword of keywords) {
    const text = String(keyword).trim();
    const key = text.toLowerCase();
    if (typeof keyword !== 'string' || !text) problems.push(`keyword ${JSON.stringify(keyword)} is not a phrase`);
    else if (text.split(/\s+/).length > 5) problems.push(`keyword "${text}" is longer than five words`);
    else if (seen.has(key)) problems.push(`keyword "${text}" is listed twice`);
    else if (key === String(title).toLowerCase()) problems.push(`keyword "${text}" repeats the title`);
    seen.add(key);
  }
  return problems;
}
