// One result per curl command of a bash block, from the block's run: calls to the Atlas API,
// and the storage uploads and downloads (`result_url`, sample files) too. The stand-in
// (bin/curl) logs each invocation's URLs and exit status, and the fake Atlas what it answered
// each of them (pagerun gives both back as the block's `calls`). A command is accepted when
// its block ran through (exit status 0, nothing recorded against it) and every request it
// made was answered 2xx within the spec: a download answered 404 fails even where
// `curl -s -o file URL` wrote the error into the file and exited 0.
import {curlCommands, parseCurl} from '../../support/curl.mjs';

/** The curl commands of a block, each with its line in the page file. */
export function blockCommands(block) {
  const commands = curlCommands(block.code);
  // Where each command starts: the first line of a (backslash-continued) logical line that has it.
  const starts = [];
  const lines = block.code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const first = i;
    let logical = lines[i];
    while (/\\$/.test(lines[i]) && i + 1 < lines.length) logical += `\n${lines[++i]}`;
    if (/^\s*#/.test(logical)) continue;
    const count = curlCommands(logical).length;
    for (let k = 0; k < count; k++) starts.push(first);
  }
  return commands.map((command, i) => ({
    command,
    request: parseCurl(command),
    // The fence is at block.line; its code starts on the next line.
    line: block.line + 1 + (starts[i] ?? -1),
  }));
}

/** A pattern for the URLs a command's URL can expand to: each $VAR, ${VAR} or $(...) matches any text (a path, or a whole URL with its query). */
export function urlPattern(url) {
  const parts = url.split(/(\$\{\w+\}|\$\w+|\$\([^)]*\))/);
  const source = parts.map((p, i) => (i % 2 ? '[^#]*' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`);
}

/** How much of a command's URL is literal text: an invocation goes to the most specific command it fits. */
const literal = (url) => url.replace(/\$\{\w+\}|\$\w+|\$\([^)]*\)/g, '').length;

function describe(call) {
  if (!call.requests?.length)
    return `curl made no request to a fake (curl exit ${call.exit ?? '?'}): ${call.urls.join(' ')}`;
  return call.requests
    .map((r) =>
      [
        `${r.method} ${r.url} → ${r.status}`,
        ...(r.problems ?? []).map((p) => `  ${p}`),
        ...(r.reason ? [`  the fake's reason: ${r.reason}`] : []),
      ].join('\n'),
    )
    .join('\n');
}

/** `[{line, status, detail}]`, one per curl command of the block, from its run. */
export function commandResults(block, run) {
  const commands = blockCommands(block);
  if (block.norun !== undefined) return commands.map((c) => ({line: c.line, status: 'norun', detail: block.norun}));
  const made = new Map(commands.map((c) => [c, []]));
  for (const call of run.calls ?? []) {
    const [url] = call.urls;
    if (!url) continue;
    const method = call.requests?.[0]?.method;
    const fits = commands.filter(
      (c) => urlPattern(c.request.url ?? '').test(url) && (!method || method === c.request.method),
    );
    const command = fits.sort((a, b) => literal(b.request.url ?? '') - literal(a.request.url ?? ''))[0];
    if (command) made.get(command).push(call);
  }
  return commands.map((command) => {
    const calls = made.get(command);
    const bad = calls.filter(
      (call) =>
        !call.requests?.length || call.requests.some((r) => r.status < 200 || r.status > 299 || r.problems?.length),
    );
    if (run.status === 'ran' && calls.length && !bad.length) return {line: command.line, status: 'ran'};
    const why = [
      ...(run.status !== 'ran' && run.detail ? [run.detail] : []),
      ...(calls.length ? bad.map(describe) : ['the command made no request']),
    ];
    return {line: command.line, status: 'failed', detail: `${command.command}\n${why.join('\n')}`};
  });
}
