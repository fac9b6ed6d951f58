// One result per curl command that calls the Atlas API, from a bash block's run: the stand-in
// (bin/curl) logs each invocation's URLs and exit status, and the fake Atlas what it answered
// each of them (pagerun gives both back as the block's `calls`). A command is accepted when
// its block ran through (exit status 0, nothing recorded against it) and every request it
// made was answered 2xx within the spec.
import {curlCommands, parseCurl} from '../../support/curl.mjs';

const ATLAS = 'https://api-atlas.nomic.ai';

/** The Atlas curl commands of a block, each with its line in the page file. */
export function atlasCommands(block) {
  const commands = curlCommands(block.code).filter((c) => c.includes(ATLAS));
  // Where each command starts: the first line of a (backslash-continued) logical line that has it.
  const starts = [];
  const lines = block.code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const first = i;
    let logical = lines[i];
    while (/\\$/.test(lines[i]) && i + 1 < lines.length) logical += `\n${lines[++i]}`;
    if (/^\s*#/.test(logical)) continue;
    const count = curlCommands(logical).filter((c) => c.includes(ATLAS)).length;
    for (let k = 0; k < count; k++) starts.push(first);
  }
  return commands.map((command, i) => ({
    command,
    request: parseCurl(command),
    // The fence is at block.line; its code starts on the next line.
    line: block.line + 1 + (starts[i] ?? -1),
  }));
}

/** A pattern for the URLs a command's URL can expand to: each $VAR, ${VAR} or $(...) matches one path segment or more. */
export function urlPattern(url) {
  const parts = url.split(/(\$\{\w+\}|\$\w+|\$\([^)]*\))/);
  const source = parts.map((p, i) => (i % 2 ? '[^?#]*' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`);
}

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

/** `[{line, status, detail}]`, one per Atlas curl command of the block, from its run. */
export function commandResults(block, run) {
  const commands = atlasCommands(block);
  if (block.norun !== undefined) return commands.map((c) => ({line: c.line, status: 'norun', detail: block.norun}));
  const made = new Map(commands.map((c) => [c, []]));
  for (const call of run.calls ?? []) {
    const url = call.urls.find((u) => u.startsWith(ATLAS));
    if (!url) continue;
    const method = call.requests?.[0]?.method;
    const command = commands.find(
      (c) => urlPattern(c.request.url ?? '').test(url) && (!method || method === c.request.method),
    );
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
      ...(calls.length ? bad.map(describe) : ['the command made no request to the Atlas API']),
    ];
    return {line: command.line, status: 'failed', detail: `${command.command}\n${why.join('\n')}`};
  });
}
