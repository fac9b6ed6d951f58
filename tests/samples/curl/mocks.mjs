// The contract mocks the curl samples run against: one Prism mock per spec
// (`prism mock --errors`, which answers 4xx/422 when a request breaks the spec),
// behind one local proxy that the samples' curl reaches (see ./bin/curl). The
// proxy sends each Atlas request, unchanged, to the mock of the spec that
// documents its path, and records what the mock answered, per curl call.
// Other hosts (storage URLs, result downloads, public sample files) get a stub.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import specs from '../../../src/api/build/specs.cjs';
import {pathMatches} from '../../support/curl.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const PRISM = path.join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');
// Prism's own schema validator (the one its `--errors` mode uses), for the
// multipart bodies Prism cannot read (below).
const {validateAgainstSchema} = createRequire(PRISM)('@stoplight/prism-http/dist/validator/validators/utils');
const STUB_PDF = fs.readFileSync(path.join(HERE, 'fixtures/document.pdf'));
const BODY_LIMIT = 2000;

/** Starts `prism mock --errors` for one spec on a free port; resolves once it answers HTTP. */
function startPrism(specFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PRISM, 'mock', '--errors', '-h', '127.0.0.1', '-p', '0', specFile], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const fail = (why) => reject(new Error(`Prism did not start for ${specFile}: ${why}\n${log.slice(-3000)}`));
    child.on('error', (e) => fail(e.message));
    child.on('exit', (code, signal) => fail(`exited (${signal ?? code})`));
    const onData = (chunk) => {
      log += chunk;
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(log);
      if (!match) return;
      child.stdout.off('data', onData);
      // Keep draining its log so Prism never blocks on a full pipe.
      child.stdout.resume();
      const url = match[1];
      answers(url).then(
        () => {
          child.removeAllListeners('exit');
          resolve({url, child, specFile});
        },
        (e) => fail(e.message),
      );
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (log += chunk));
  });
}

/** Resolves on the first HTTP answer from `url` (any status): the server is ready. */
function answers(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve();
      })
      .on('error', reject);
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });
}

/** Reads a request or response body into a Buffer. */
function readBody(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** The parts of a multipart/form-data body: `[{name, filename, data}]`. */
export function multipartParts(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // drop the CRLFs around the part
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
    parts.push({
      name: /\bname="([^"]*)"/i.exec(disposition)?.[1],
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
      data: part.subarray(split + 4),
    });
    start = next;
  }
  return parts;
}

/**
 * stoplightio/prism#2654: Prism 5 reads a multipart body into a flat object, in
 * which a repeated part keeps only its last value and is never an array, so in
 * `--errors` mode it rejects every request whose multipart schema has an array
 * (`images` on POST /v1/embedding/image) with "must be array". When those are
 * Prism's only complaints, this checks the body again as the server reads it,
 * with Prism's own validator: parts grouped by name, every part of a repeated
 * field kept, a field the schema types as an array read as a list of its
 * parts. Everything else (route, method, API key, content type, the other
 * fields) stays Prism's verdict. Returns the problems found, or undefined when
 * the request is not of this kind.
 */
function multipartRecheck(operation, contentType, body, violations) {
  if (!/^multipart\/form-data/i.test(contentType ?? '') || !violations.length) return undefined;
  const schema = operation?.requestBody?.content?.['multipart/form-data']?.schema;
  if (!schema?.properties) return undefined;
  const isArray = (name) => schema.properties[name]?.type === 'array';
  const onlyArrayKind = violations.every(
    (v) =>
      v.location?.length === 3 &&
      v.location[1] === 'body' &&
      isArray(v.location[2]) &&
      v.code === 'type' &&
      /must be array/.test(v.message),
  );
  if (!onlyArrayKind) return undefined;
  const value = {};
  for (const part of multipartParts(body, contentType)) {
    const text = part.data.toString(part.filename === undefined ? 'utf8' : 'latin1');
    if (isArray(part.name)) (value[part.name] ??= []).push(text);
    else value[part.name] = text;
  }
  return schemaProblems(value, schema);
}

const INPUT = 0; // Prism's ValidationContext.Input

/** Problems Prism's validator finds in `value`; it reports none when it cannot compile a schema, so that is checked. */
function schemaProblems(value, schema) {
  const check = (v) => validateAgainstSchema(v, schema, true, INPUT, 'body');
  if (schema.required?.length && check({})._tag !== 'Some')
    throw new Error("Prism's validator accepted an empty body for a schema with required fields; cannot recheck");
  const errors = check(value);
  return errors._tag === 'Some' ? errors.value.map((e) => e.message) : [];
}

/** The first JSON example of an operation's success response, for a request the recheck accepted. */
function successExample(operation) {
  for (const [status, response] of Object.entries(operation?.responses ?? {})) {
    if (!/^2/.test(status)) continue;
    const media = response.content?.['application/json'];
    const example = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
    return {status: Number(status), body: example === undefined ? '' : JSON.stringify(example)};
  }
  return {status: 200, body: ''};
}

/** Which spec documents a request: the one with an operation for its method and path (v1 first). */
function specFor(loaded, method, pathname) {
  for (const {name, spec} of loaded) {
    for (const [template, item] of Object.entries(spec.paths)) {
      if (item[method.toLowerCase()] && pathMatches(template, pathname)) return {name, template};
    }
  }
  return undefined;
}

/**
 * Starts both mocks and the proxy in front of them. Returns the proxy's port,
 * `calls` (call id → what the mock answered), and `stop()`, which ends every
 * process it started.
 */
export async function startMocks() {
  const loaded = specs.loadSpecs();
  const dereferenced = new Map(loaded.map(({name, spec}) => [name, specs.dereference(spec, spec)]));
  const started = [];
  const stop = async () => {
    await Promise.all(started.map((p) => stopChild(p.child)));
  };
  let prisms;
  try {
    prisms = new Map();
    await Promise.all(
      loaded.map(async ({name, file}) => {
        const prism = await startPrism(file);
        started.push(prism);
        prisms.set(name, prism);
      }),
    );
  } catch (e) {
    await stop();
    throw e;
  }

  /** call id → {method, url, spec, status, violations, body, note} */
  const calls = new Map();
  const server = http.createServer(async (req, res) => {
    const [call, kind] = (req.headers.host ?? '').split('.');
    const body = await readBody(req);
    if (kind !== 'api') {
      // Not the Atlas API: a stub, so a block can finish without the network.
      const pdf = req.method === 'GET' && /\.pdf(\?|$)/.test(req.url);
      res.writeHead(200, {'content-type': pdf ? 'application/pdf' : 'application/json'});
      res.end(req.method === 'GET' ? (pdf ? STUB_PDF : '{}') : '');
      return;
    }
    const pathname = new URL(req.url, 'http://x').pathname;
    const found = specFor(loaded, req.method, pathname);
    const name = found?.name ?? 'v1';
    const target = new URL(req.url, prisms.get(name).url);
    const record = {method: req.method, url: req.url, spec: name, violations: []};
    calls.set(call, record);
    try {
      const answer = await new Promise((resolve, reject) => {
        const forward = http.request(target, {method: req.method, headers: req.headers}, async (r) =>
          resolve({status: r.statusCode, headers: r.headers, body: await readBody(r)}),
        );
        forward.on('error', reject);
        forward.end(body);
      });
      record.status = answer.status;
      record.violations = JSON.parse(answer.headers['sl-violations'] ?? '[]');
      record.body = answer.body.toString('utf8').slice(0, BODY_LIMIT);
      const operation = found && dereferenced.get(name).paths[found.template][req.method.toLowerCase()];
      const problems = multipartRecheck(operation, req.headers['content-type'], body, record.violations);
      if (problems && !problems.length) {
        const success = successExample(operation);
        record.note =
          `Prism answered ${answer.status} only because it reads no multipart field as an array ` +
          `(stoplightio/prism#2654: ${record.violations.map((v) => v.message).join('; ')}); ` +
          "the harness checked the body against the spec's schema with Prism's validator, parts grouped by name";
        record.status = success.status;
        record.body = success.body;
        res.writeHead(success.status, {'content-type': 'application/json'});
        res.end(success.body);
        return;
      }
      if (problems) record.violations.push(...problems.map((message) => ({message})));
      const headers = {...answer.headers};
      delete headers['transfer-encoding'];
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    } catch (e) {
      record.status = 502;
      record.body = `the proxy failed to get the ${name} mock's answer: ${e.message}`;
      res.writeHead(502);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stopAll = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve()));
    await stop();
  };
  return {port: server.address().port, calls, stop: stopAll};
}
