// Reads curl commands the way a shell would split them, enough to check that a
// documented command calls a real operation: method, URL, headers and body.

/** Shell words of a command: quotes removed, line continuations joined, unquoted `;`, `&&`, `|` words of their own. */
export function shellWords(command) {
  const text = command.replace(/\\\r?\n/g, ' ');
  const words = [];
  let word = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? '') + text.slice(i + 1, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    } else if (c === '"') {
      let j = i + 1;
      let chunk = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        chunk += text[j++];
      }
      word = (word ?? '') + chunk;
      i = j;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (/[;&|]/.test(c)) {
      // An unquoted separator ends the command's words: `curl … "$URL"; break`.
      if (word !== null) words.push(word);
      word = null;
      let separator = c;
      while (i + 1 < text.length && /[;&|]/.test(text[i + 1])) separator += text[++i];
      words.push(separator);
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * Each curl command in a shell script, from the word `curl` to the end of its
 * (backslash-continued) line, so a block with several calls is read call by call.
 */
export function curlCommands(script) {
  return script
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .map((line) => /^(.*?(?:^|[\s($;&|]))(curl\s.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, before, command]) => (before.includes('$(') ? command.replace(/\)[\s;]*$/, '') : command));
}

const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-urlencode']);

/** The request a curl command sends. */
export function parseCurl(command) {
  const words = shellWords(command);
  const start = words.indexOf('curl');
  const request = {method: undefined, url: undefined, headers: [], data: [], form: [], uploadFile: undefined};
  for (let i = start + 1; i < words.length; i++) {
    let w = words[i];
    if (/^[;&|]+$/.test(w)) break; // the next command of the line
    // Short options run together (`-sSfo file`): the flags before the last take no value.
    if (/^-[a-zA-Z]{2,}$/.test(w)) w = `-${w.at(-1)}`;
    if (w === '-X' || w === '--request') request.method = words[++i];
    else if (w === '-H' || w === '--header') request.headers.push(words[++i]);
    else if (DATA.has(w)) request.data.push(words[++i]);
    else if (w === '-F' || w === '--form') request.form.push(words[++i]);
    else if (w === '-T' || w === '--upload-file') request.uploadFile = words[++i];
    else if (
      ['-o', '--output', '-u', '--user', '-A', '--user-agent', '-e', '--referer', '-w', '--write-out'].includes(w)
    )
      i++;
    else if (!w.startsWith('-') && request.url === undefined) request.url = w;
  }
  request.method ??= request.uploadFile ? 'PUT' : request.data.length || request.form.length ? 'POST' : 'GET';
  request.method = request.method.toUpperCase();
  return request;
}

/** Whether a concrete URL path (with `$VARS` or `{params}`) fits a path template like `/v1/task/{task_id}`. */
export function pathMatches(template, pathname) {
  const a = template.replace(/\/$/, '').split('/');
  const b = pathname.replace(/\/$/, '').split('/');
  return a.length === b.length && a.every((part, i) => part === b[i] || /^\{.+\}$/.test(part));
}
