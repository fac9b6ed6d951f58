#!/usr/bin/env node
// Draws the social images (1200×630 PNG, one per main section) that pages are
// shared with: static/img/social/<section>.png. Re-run after changing a
// section's title in src/data/sections.ts:  npm run social-images
// Drawn as SVG and rasterised by the same Chromium the browser tests use, so
// the build itself needs no browser and no image library.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tests/support/chromium.mjs';
import {SOCIAL_IMAGES} from '../src/data/sections';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'static/img/social');

// A motif per section, drawn in the right half of the card.
const MOTIFS: Record<string, string> = {
  home: points(7, 38),
  platform: points(3, 22),
  datasets: points(11, 64),
  embeddings: `<g fill="none" stroke="#bfe8df" stroke-width="6" stroke-linecap="round">${[0, 1, 2, 3, 4]
    .map((i) => `<path d="M820 470 L${860 + i * 55} ${170 + ((i * 53) % 140)}"/>`)
    .join('')}</g><circle cx="820" cy="470" r="12" fill="#fff"/>`,
  files: [0, 1, 2]
    .map(
      (i) =>
        `<g transform="translate(${800 + i * 70} ${150 + i * 40})"><rect width="200" height="260" rx="14" fill="#fff" opacity="${0.35 + i * 0.3}"/>${[0, 1, 2, 3, 4].map((l) => `<rect x="24" y="${40 + l * 40}" width="${150 - (l % 2) * 40}" height="12" rx="6" fill="#0f6b5c" opacity="0.5"/>`).join('')}</g>`,
    )
    .join(''),
  reference: `<text x="790" y="400" font-family="DejaVu Sans Mono, monospace" font-size="220" fill="#bfe8df">{ }</text>`,
};

/** Points of a small data map, placed by a fixed seed so the images do not change between runs. */
function points(seed: number, count: number): string {
  let x = seed;
  const random = (): number => ((x = (x * 16807) % 2147483647) - 1) / 2147483646;
  return Array.from({length: count}, () => {
    const [cx, cy, r] = [780 + random() * 340, 120 + random() * 380, 6 + random() * 16];
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="${(0.45 + random() * 0.55).toFixed(2)}"/>`;
  }).join('');
}

function card(name: string, title: string): string {
  const logo = fs
    .readFileSync(path.join(ROOT, 'static/img/logo.svg'), 'utf8')
    .replace(/<svg /, '<svg x="80" y="80" width="96" height="96" ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b4f44"/>
  <rect x="720" width="480" height="630" fill="#0f6b5c"/>
  ${MOTIFS[name]}
  ${logo}
  <text x="80" y="250" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" fill="#bfe8df">Nomic Atlas Docs</text>
  <foreignObject x="80" y="280" width="600" height="260">
    <div xmlns="http://www.w3.org/1999/xhtml" style="font: 700 64px/1.15 'DejaVu Sans', 'Liberation Sans', sans-serif; color: #fff">${title}</div>
  </foreignObject>
  <text x="80" y="570" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="#bfe8df">docs.nomic.ai</text>
</svg>`;
}

const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
const page = await browser.newPage({viewport: {width: 1200, height: 630}});
fs.mkdirSync(OUT, {recursive: true});
for (const [name, title] of Object.entries(SOCIAL_IMAGES)) {
  await page.setContent(`<body style="margin:0">${card(name, title)}</body>`);
  await page.screenshot({path: path.join(OUT, `${name}.png`)});
  console.log(`static/img/social/${name}.png`);
}
await browser.close();
