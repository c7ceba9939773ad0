// npm run bench:js: gzip size of the JavaScript each page loads first (Next 16's build no longer prints it).
import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

export async function pageScripts(base, path) {
  const html = await (await fetch(base + path)).text();
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)];
  const srcs = [...new Set(tags.map((m) => m[1]))];
  // legacy polyfills (<script noModule>): browsers that run modules never download them
  const legacy = new Set(tags.filter((m) => /\snoModule/i.test(m[0])).map((m) => m[1]));
  let raw = 0;
  let gz = 0;
  let modernGz = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    const size = gzipSync(body, { level: 9 }).length;
    gz += size;
    if (!legacy.has(src)) modernGz += size;
  }
  return { path, scripts: srcs.length, raw_kb: raw / 1024, gzip_kb: gz / 1024, modern_gzip_kb: modernGz / 1024 };
}

export async function measureJs(base) {
  const list = await (await fetch(`${base}/api/fundraisers?limit=1`)).json();
  const f = list.data[0];
  const story = `/stories/${f.custom_tag}`;
  // the payment form a donor fills (its phone field carries the country picker)
  const payment = `/new/payment?${new URLSearchParams({ ct: f.custom_tag, id: String(f.id), payment: 'form' })}`;
  const rows = [];
  for (const p of ['/about-us', '/', story, '/all-fundraisers', '/new/crowdfunding/medical', '/new/crowdfunding/medical/form?step=story', payment, '/new/signin', '/new/standalonetip', '/new/anniversary']) rows.push(await pageScripts(base, p));
  return rows;
}

/** The story editor (TipTap) is loaded only once the wizard's story step shows: its chunks, found in the build by their content. */
export function lazyEditorKb(dir = '.next/static/chunks') {
  let gz = 0;
  let files = 0;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.js'))) {
    const body = fs.readFileSync(path.join(dir, name));
    if (!body.includes('ProseMirror')) continue;
    files += 1;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { files, gzip_kb: gz / 1024 };
}

/** Scripts a phone fetches after the load event (in Chromium): what every page adds later, such as web-vitals. */
export async function scriptsAfterLoad(base, pagePath) {
  const { chromium, devices } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
    const late = new Set();
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (r) => loaded && r.resourceType() === 'script' && late.add(r.url()));
    await page.goto(base + pagePath, { waitUntil: 'load' });
    await page.waitForTimeout(2_000);
    let gz = 0;
    for (const src of late) gz += gzipSync(Buffer.from(await (await fetch(src)).arrayBuffer()), { level: 9 }).length;
    return { scripts: late.size, gzip_kb: gz / 1024 };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({ port: 3401, dataDir: './data/bench-js' });
  try {
    const rows = await measureJs(server.base);
    const baseline = rows[0].gzip_kb;
    console.log('page                                   scripts   raw kB   gzip kB   gzip over /about-us   gzip kB a modern browser loads');
    for (const r of rows) {
      const name = r.path.length > 38 ? r.path.slice(0, 35) + '...' : r.path;
      console.log(`${name.padEnd(38)} ${String(r.scripts).padStart(7)} ${r.raw_kb.toFixed(1).padStart(8)} ${r.gzip_kb.toFixed(1).padStart(9)} ${(r.gzip_kb - baseline).toFixed(1).padStart(10)} ${r.modern_gzip_kb.toFixed(1).padStart(22)}`);
    }
    const editor = lazyEditorKb();
    console.log(`story editor chunks loaded on the wizard's story step only: ${editor.files} files, ${editor.gzip_kb.toFixed(1)} kB gzip`);
    const later = await scriptsAfterLoad(server.base, '/about-us');
    console.log(`loaded after the page's load event (the web-vitals beacon's library): ${later.scripts} files, ${later.gzip_kb.toFixed(1)} kB gzip`);
    console.log('(/about-us is the near-empty baseline page of the same build: layout only; the last column leaves out noModule polyfills)');
  } finally {
    await server.stop();
  }
}
