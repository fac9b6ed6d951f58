import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {mediaExample, pythonLiteral, requestSamples, type Operation} from '@site/src/api/shared/samples';
import {withOperationExamples} from '@site/src/api/build/pages';
import {SCHEMA_EXAMPLE} from '@site/src/api/shared/types';
import {curlProblems} from '../../../tests/content/check-content.mjs';
import {dereference, loadSpecs, specOperations} from '../build/specs.cjs';
import {curlCommands, parseCurl, pathMatches} from '../../../tests/support/curl.mjs';

type Spec = {servers: {url: string}[]; security?: Operation['security']; paths: Record<string, Record<string, object>>};

/** Every operation as its generated page's front matter carries it: dereferenced, with examples made from schemas. */
function operations(): (Operation & {id: string})[] {
  return loadSpecs().flatMap(({spec: raw, operations: ops}) => {
    const spec = dereference(raw, raw) as Spec;
    return ops.map(({operationId, method, path}) => {
      const op = structuredClone(spec.paths[path][method.toLowerCase()]) as Operation & {operationId: string};
      withOperationExamples(op);
      return {
        ...op,
        id: operationId,
        method: method.toLowerCase(),
        path,
        servers: spec.servers,
        security: op.security ?? spec.security,
      };
    });
  });
}

const ALL = operations();

describe('request samples of every operation', () => {
  const samples = ALL.map((op) => ({op, ...requestSamples(op)}));

  it('covers both specs', () => {
    expect(ALL.length).toBeGreaterThan(100);
  });

  it('Python samples compile', () => {
    const script = 'import ast, json, sys\nfor code in json.load(sys.stdin):\n    ast.parse(code)\nprint("ok")';
    const out = execFileSync('python3', ['-c', script], {input: JSON.stringify(samples.map((s) => s.python))});
    expect(out.toString().trim()).toBe('ok');
  });

  it('curl samples call the operation with the API key', () => {
    const known = specOperations();
    for (const {op, curl} of samples) {
      const request = parseCurl(curl);
      expect(request.method, op.id).toBe(op.method.toUpperCase());
      expect(pathMatches(op.path, new URL(request.url!).pathname), `${op.id}: ${request.url}`).toBe(true);
      expect(curlProblems(curl, known), op.id).toEqual([]);
    }
  });

  it('JSON bodies are the spec example, valid JSON in both languages', () => {
    const embedText = samples.find((s) => s.op.id === 'embedText')!;
    const body = JSON.parse(parseCurl(embedText.curl).data[0]);
    expect(body.texts.length).toBeGreaterThan(0);
    expect(embedText.python).toContain('json=payload');
    expect(embedText.python).toContain(`"Authorization": f"Bearer {os.environ['NOMIC_API_KEY']}"`);
  });

  it('multipart uploads send files as form parts', () => {
    const embedImage = samples.find((s) => s.op.id === 'embedImage')!;
    expect(parseCurl(embedImage.curl).form).toContain('images=@file-1.jpg');
    expect(embedImage.python).toMatch(/files = \[\n\s+\("images", open\("file-1\.jpg", "rb"\)\)/);
  });
});

describe('pythonLiteral', () => {
  it('writes Python constants and keeps strings escaped', () => {
    expect(pythonLiteral({a: true, b: false, c: null, d: 'say "hi"', e: [1, 2]})).toBe(
      '{\n    "a": True,\n    "b": False,\n    "c": None,\n    "d": "say \\"hi\\"",\n    "e": [1, 2],\n}',
    );
  });
});

describe('examples made from schemas', () => {
  it('are what the body shows and what the request sample sends: one generator, one body per page', () => {
    const bodies = ALL.flatMap((op) =>
      Object.entries(op.requestBody?.content ?? {}).map(([type, media]) => ({op, type, media})),
    );
    const made = bodies.filter(({media}) => media[SCHEMA_EXAMPLE] !== undefined);
    expect(made.length).toBeGreaterThan(10);
    for (const {op, type, media} of made) {
      expect(mediaExample(media), op.id).toEqual(media[SCHEMA_EXAMPLE]);
      if (type.includes('json'))
        expect(JSON.parse(parseCurl(requestSamples(op).curl).data[0]), op.id).toEqual(media[SCHEMA_EXAMPLE]);
    }
  });
});

describe('parseCurl', () => {
  it('reads method, URL, headers and body across line continuations', () => {
    const request = parseCurl(
      `curl -X POST "https://api-atlas.nomic.ai/v1/parse" \\\n  -H "Authorization: Bearer $NOMIC_API_KEY" \\\n  -d '{"file_url": "x"}'`,
    );
    expect(request).toMatchObject({
      method: 'POST',
      url: 'https://api-atlas.nomic.ai/v1/parse',
      headers: ['Authorization: Bearer $NOMIC_API_KEY'],
      data: ['{"file_url": "x"}'],
    });
  });

  it('infers GET, POST and PUT like curl does', () => {
    expect(parseCurl('curl https://x.test/a').method).toBe('GET');
    expect(parseCurl('curl https://x.test/a -d x=1').method).toBe('POST');
    expect(parseCurl('curl "$UPLOAD_URL" --upload-file a.pdf').method).toBe('PUT');
  });
});

describe('curlCommands', () => {
  it('reads a script call by call, so a later call cannot hide an earlier one', () => {
    const script = [
      '# Reserve the upload, then send the bytes with curl',
      'response=$(curl -s -X POST "https://api-atlas.nomic.ai/v1/upload" \\',
      '  -H "Authorization: Bearer $NOMIC_API_KEY" -d @files.json)',
      'curl -X PUT "$UPLOAD_URL" --upload-file report.pdf',
    ].join('\n');
    const commands = curlCommands(script);
    expect(commands).toHaveLength(2);
    expect(parseCurl(commands[0])).toMatchObject({method: 'POST', url: 'https://api-atlas.nomic.ai/v1/upload'});
    expect(parseCurl(commands[1])).toMatchObject({method: 'PUT', url: '$UPLOAD_URL'});
  });
});

describe('curlProblems', () => {
  const known = specOperations();
  it('flags unknown paths, wrong methods and a missing API key', () => {
    expect(curlProblems('curl -X POST https://api-atlas.nomic.ai/v1/nothing', known)[0]).toMatch(/no spec/);
    expect(curlProblems('curl -X GET https://api-atlas.nomic.ai/v1/parse', known)[0]).toMatch(/no spec/);
    expect(curlProblems('curl https://api-atlas.nomic.ai/v1/task/$TASK_ID', known)[0]).toMatch(/lacks/);
    expect(
      curlProblems('curl https://api-atlas.nomic.ai/v1/task/$TASK_ID -H "Authorization: Bearer $NOMIC_API_KEY"', known),
    ).toEqual([]);
  });
  it('ignores commands for other hosts', () => {
    expect(curlProblems('curl -L -o a.pdf https://assets.nomicatlas.com/a.pdf', known)).toEqual([]);
  });
});
