import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {afterAll, describe, expect, it} from 'vitest';
import lazyStylesheetsPlugin, {type LazyStylesheets} from '..';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-stylesheets-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
const write = (name: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), {recursive: true});
  fs.writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

const context = {siteDir: dir, siteConfig: {baseUrl: '/docs/'}} as unknown as LoadContext;
type Content = {files: {name: string; file: string; css: string}[]};

async function load(stylesheets: Parameters<typeof lazyStylesheetsPlugin>[1]['stylesheets']): Promise<Content> {
  return (await lazyStylesheetsPlugin(context, {stylesheets}).loadContent!()) as Content;
}

describe('lazy stylesheets', () => {
  it('compiles SCSS, keeps only the rules the named code uses, and names each file by its content', async () => {
    const scss = write('theme.scss', '$c: red;\n.used { color: $c; }\n.unused { color: blue; }\n');
    write('src/Component.tsx', 'export const C = () => <div className="used" />;\n');
    write('src/Other.tsx', 'export const D = () => <div className="unused" />;\n');
    const {files} = await load({api: {file: scss, usedBy: ['src/**/*.tsx', '!src/Other.tsx']}});
    expect(files).toHaveLength(1);
    expect(files[0]!.css).toContain('.used{color:red}');
    expect(files[0]!.css).not.toContain('.unused');
    expect(files[0]!.file).toMatch(/^assets\/css\/api\.[0-9a-f]{8}\.css$/);
    // Another content, another name: a changed stylesheet is never served from a stale cache.
    const plain = write('plain.css', '.used { color: green; }\n');
    const [other] = (await load({api: plain})).files;
    expect(other!.css).toContain('green');
    expect(other!.file).not.toBe(files[0]!.file);
  });

  it('tells the browser where each stylesheet is, under the base URL', async () => {
    const css = write('print.css', '.x { margin: 0; }\n');
    const plugin = lazyStylesheetsPlugin(context, {stylesheets: {print: css}});
    const content = (await plugin.loadContent!()) as Content;
    let data: LazyStylesheets | undefined;
    await plugin.contentLoaded!({
      content,
      actions: {setGlobalData: (value: LazyStylesheets) => (data = value)},
    } as unknown as Parameters<NonNullable<typeof plugin.contentLoaded>>[0]);
    expect(data).toEqual({print: `/docs/${content.files[0]!.file}`});
  });
});
