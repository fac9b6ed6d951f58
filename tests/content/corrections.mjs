// Published facts that were once wrong on this site and were corrected against
// the client source (FACTS.md, "Corrections"). Each rule is a pattern a machine
// can spot, so a correction cannot quietly come back.

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
