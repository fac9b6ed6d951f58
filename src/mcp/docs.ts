import yaml from 'js-yaml';
import type {Code} from 'mdast';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';
import {createEngine, type Engine} from '../search/engine';
import {fragmentFile, passageFile, recordFile, shardFile} from '../search/indexFiles';
import {suggestionsFor, type PageRef} from '../search/suggest';
import {twinPath} from '../llms/twinPath';
import {HTTP_METHODS, dereference, describeSpec, type LoadedSpec} from '../api/build/specs.cjs';
import {blockHash} from '../samples-proof/hash';
import type {BlockProof, SamplesFile} from '../samples-proof/types';
import type {Site} from './site';

/** A request the tools cannot answer as asked (an unknown page, tag or operation): its message says why and what to try. */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

export interface Passage {
  title: string;
  section?: string;
  url: string;
  text: string;
}

export interface EndpointSummary {
  api: string;
  method: string;
  path: string;
  operationId: string;
  summary: string;
  tag?: string;
  url: string;
}

export interface CodeSample {
  language: string;
  code: string;
  /** What CI's samples run did with this very block (its text's hash), from /samples.json. */
  proof: {
    status: BlockProof['status'];
    reason?: string;
    how?: BlockProof['how'];
    versions?: Record<string, string>;
    commit?: string;
  };
}

// A passage's text: enough to answer from, short enough that ten fit an agent's context.
const PASSAGE_CHARS = 1200;
// Sections per page among the passages: the pages' order stays the engine's, and five passages name at least three pages.
const PER_PAGE = 2;

/** A page or twin path from what an agent passes: an absolute URL of the site, a path, a twin's path. */
export function pagePath(input: string, siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(input.trim(), `${siteUrl}/`);
  } catch {
    throw new ToolInputError(`"${input}" is neither a URL nor a path`);
  }
  const site = new URL(`${siteUrl}/`);
  if (url.origin !== site.origin)
    throw new ToolInputError(`${url.origin} is not this site; its pages are under ${siteUrl}`);
  let pathname = url.pathname;
  try {
    pathname = decodeURI(pathname);
  } catch {
    // A malformed escape: look it up as it is (nothing has that path).
  }
  return pathname
    .replace(/\/index(\.md|\.html)?$/, '/')
    .replace(/\.(md|html)$/, '')
    .replace(/(.)\/+$/, '$1/');
}

/**
 * What the docs' MCP tools answer, over a built site (./site.ts): search from the same index and ranking as the
 * site's search (src/search), pages as their Markdown twins, the API from the specs the site serves, and code
 * samples with what CI's samples run found.
 */
export class Docs {
  private engine: Engine;
  private specs?: Promise<LoadedSpec[]>;
  private samples?: Promise<SamplesFile | undefined>;

  constructor(private site: Site) {
    const {search} = site.manifest;
    const json = async (file: string) => {
      const text = await site.read(search.base + file);
      if (text === undefined) throw new Error(`the search index has no ${search.base}${file}`);
      return JSON.parse(text);
    };
    this.engine = createEngine({
      head: search,
      records: (n) => json(recordFile(n)),
      shard: (n) => json(shardFile(n)),
      fragment: (n) => json(fragmentFile(n)),
      passage: (n) => json(passageFile(n)),
    });
  }

  get siteUrl(): string {
    return this.site.manifest.siteUrl;
  }

  private absolute(url: string): string {
    return new URL(url, `${this.siteUrl}/`).href;
  }

  /** Passages for a query, best first: the site's search ranking, at most PER_PAGE sections of a page. */
  async search(query: string, limit: number): Promise<Passage[]> {
    const perPage = new Map<string, number>();
    const hits = (await this.engine.search(query, 100)).filter(({record}) => {
      const page = record.url.split('#')[0]!;
      const seen = perPage.get(page) ?? 0;
      perPage.set(page, seen + 1);
      return seen < PER_PAGE;
    });
    const shown = hits.slice(0, limit);
    const texts = await this.engine.contents(shown.map((hit) => hit.record));
    return shown.map(({record}, i) => {
      const text = texts[i]!;
      return {
        title: record.hierarchy.lvl1,
        ...(record.hierarchy.lvl3 || record.hierarchy.lvl2
          ? {section: record.hierarchy.lvl3 ?? record.hierarchy.lvl2}
          : {}),
        url: this.absolute(record.url),
        text: text.length > PASSAGE_CHARS ? `${text.slice(0, PASSAGE_CHARS).replace(/\s+\S*$/, '')} …` : text,
      };
    });
  }

  /** The page's Markdown twin, or a ToolInputError naming the pages the site's not-found page would offer. */
  async page(input: string): Promise<{url: string; markdown: string}> {
    const pathname = pagePath(input, this.siteUrl);
    const markdown = await this.site.read(twinPath(pathname));
    if (markdown !== undefined) return {url: this.absolute(pathname), markdown};
    const near = await this.suggestions(pathname);
    throw new ToolInputError(
      `${this.absolute(pathname)} is not a page of these docs.${
        near.length ? ` Perhaps: ${near.map((p) => `${p.title} (${this.absolute(p.url)})`).join('; ')}.` : ''
      } search_docs finds pages by their content.`,
    );
  }

  suggestions(pathname: string): Promise<PageRef[]> {
    return suggestionsFor(pathname, this.engine, 5);
  }

  private loadSpecs(): Promise<LoadedSpec[]> {
    this.specs ??= Promise.all(
      this.site.manifest.specs.map(async ({path, ...meta}) => {
        const text = await this.site.read(path);
        if (text === undefined) throw new Error(`the site has no ${path}`);
        return describeSpec({...meta, file: path} as LoadedSpec, yaml.load(text) as LoadedSpec['spec']);
      }),
    );
    return this.specs;
  }

  /** Every operation of the specs (v1, then legacy), or those of one tag. */
  async endpoints(tag?: string): Promise<EndpointSummary[]> {
    const specs = await this.loadSpecs();
    const all = specs.flatMap((spec) => [
      ...spec.operations.map((op) => this.summary(spec, op.method, op.path, op.route)),
      ...spec.handWritten.map((op) => this.summary(spec, op.method, op.path, op.route)),
    ]);
    if (tag === undefined) return all;
    const wanted = tag.trim().toLowerCase();
    const found = all.filter((op) => op.tag?.toLowerCase() === wanted);
    if (!found.length) {
      const tags = [...new Set(all.map((op) => op.tag).filter(Boolean))];
      throw new ToolInputError(`No operation has the tag "${tag}". Tags: ${tags.join(', ')}.`);
    }
    return found;
  }

  private operationOf(spec: LoadedSpec, method: string, apiPath: string): Record<string, unknown> {
    return (spec.spec.paths[apiPath] as Record<string, Record<string, unknown>>)[method.toLowerCase()]!;
  }

  private summary(spec: LoadedSpec, method: string, apiPath: string, route: string): EndpointSummary {
    const op = this.operationOf(spec, method, apiPath) as {operationId: string; summary?: string; tags?: string[]};
    return {
      api: spec.name,
      method,
      path: apiPath,
      operationId: op.operationId,
      summary: op.summary ?? op.operationId,
      ...(op.tags?.[0] ? {tag: op.tags[0]} : {}),
      url: this.absolute(route),
    };
  }

  /**
   * One operation as its spec defines it, `$ref`s resolved: parameters, request body and responses with their
   * schemas and examples, and the spec's servers and security. `path` is the spec's (`/v1/embedding/text`); a
   * full URL's path or the operation's id also finds it.
   */
  async endpoint(method: string, apiPath: string, api = 'v1'): Promise<Record<string, unknown>> {
    const specs = await this.loadSpecs();
    const everywhere = await this.endpoints();
    const all = everywhere.filter((op) => op.api === api);
    const verb = method.trim().toUpperCase();
    if (!HTTP_METHODS.includes(verb.toLowerCase()))
      throw new ToolInputError(
        `"${method}" is not an HTTP method; use one of ${HTTP_METHODS.join(', ').toUpperCase()}`,
      );
    let wanted = apiPath.trim();
    if (/^https?:\/\//i.test(wanted)) wanted = new URL(wanted).pathname;
    const found =
      all.find((op) => op.method === verb && op.path === wanted) ?? all.find((op) => op.operationId === wanted);
    if (!found) {
      const samePath = all.filter((op) => op.path === wanted).map((op) => op.method);
      const elsewhere = everywhere.find((op) => op.api !== api && op.method === verb && op.path === wanted);
      throw new ToolInputError(
        samePath.length
          ? `${wanted} has no ${verb} operation in the ${api} API; it has ${samePath.join(', ')}`
          : elsewhere
            ? `${verb} ${wanted} is in the ${elsewhere.api} API: ask with api "${elsewhere.api}"`
            : `No operation ${verb} ${wanted} in the ${api} API. list_endpoints lists every operation.`,
      );
    }
    const spec = specs.find((s) => s.name === found.api)!;
    const op = dereference(this.operationOf(spec, found.method, found.path), spec.spec) as Record<string, unknown>;
    const pathItem = spec.spec.paths[found.path] as {parameters?: unknown[]};
    const shared = (dereference(pathItem.parameters ?? [], spec.spec) as {name: string; in: string}[]).filter(
      (p) =>
        !((op.parameters as {name: string; in: string}[] | undefined) ?? []).some(
          (o) => o.name === p.name && o.in === p.in,
        ),
    );
    return {
      ...found,
      description: op.description ?? '',
      parameters: [...shared, ...((op.parameters as unknown[]) ?? [])],
      ...(op.requestBody ? {requestBody: op.requestBody} : {}),
      responses: op.responses ?? {},
      security: op.security ?? spec.spec.security ?? [],
      servers: spec.spec.servers ?? [],
      deprecated: op.deprecated === true,
    };
  }

  private loadSamples(): Promise<SamplesFile | undefined> {
    this.samples ??= this.site
      .read(this.site.manifest.samples)
      .then((text) => (text === undefined ? undefined : (JSON.parse(text) as SamplesFile)));
    return this.samples;
  }

  /**
   * The code blocks of a page (or of an operation's page) as the page shows them, in its order, each with its
   * proof. `language` keeps those of one language (`python`, `bash`, `typescript`…; `shell` and `sh` are bash).
   */
  async codeSamples(
    target: {page?: string; operation?: string},
    language?: string,
  ): Promise<{url: string; samples: CodeSample[]}> {
    let page = target.page;
    if (target.operation !== undefined) {
      const [first, ...rest] = target.operation.trim().split(/\s+/);
      const op = rest.length
        ? await this.endpoint(first!, rest.join(' '))
        : (await this.endpoints()).find((o) => o.operationId === first);
      // "METHOD /path" names a v1 operation; an id names one in either API.
      if (!op) throw new ToolInputError(`No operation "${target.operation}": give its id or "METHOD /path"`);
      page = op.url as string;
    }
    if (page === undefined) throw new ToolInputError('Give a page (URL or path) or an operation');
    const {url, markdown} = await this.page(page);
    const samples = await this.loadSamples();
    const proofs = new Map((samples?.blocks ?? []).map((b) => [b.hash, b]));
    const alias: Record<string, string> = {shell: 'bash', sh: 'bash', console: 'bash', py: 'python', ts: 'typescript'};
    const wanted = language?.trim().toLowerCase();
    const blocks = fences(markdown).filter(
      (b) => !wanted || b.language === wanted || alias[wanted] === b.language || alias[b.language] === wanted,
    );
    if (wanted && !blocks.length) {
      const languages = [...new Set(fences(markdown).map((b) => b.language || 'plain text'))];
      throw new ToolInputError(
        `${url} shows no ${language} code${languages.length ? `; it has ${languages.join(', ')}` : ' at all'}`,
      );
    }
    return {
      url,
      samples: blocks.map(({language: lang, code}) => {
        const proof = proofs.get(blockHash(code));
        return {
          language: lang,
          code,
          proof: proof
            ? {
                status: proof.status,
                ...(proof.reason ? {reason: proof.reason} : {}),
                ...(proof.how ? {how: proof.how} : {}),
                ...(proof.status === 'passed' ? {versions: samples!.versions, commit: samples!.commit} : {}),
              }
            : {status: 'not run'},
        };
      }),
    };
  }
}

/** The fenced code blocks of Markdown, in order: their language and text (remark's reading of CommonMark). */
export function fences(markdown: string): {language: string; code: string}[] {
  const found: {language: string; code: string}[] = [];
  visit(unified().use(remarkParse).parse(markdown), 'code', (node: Code) => {
    found.push({language: (node.lang ?? '').toLowerCase(), code: node.value});
  });
  return found;
}
