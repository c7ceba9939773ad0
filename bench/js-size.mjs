// npm run bench:js: gzip size of the JavaScript each page loads first (Next 16's build no longer prints it).
import { gzipSync } from 'node:zlib';
import { startServer } from './lib/server.mjs';

export async function pageScripts(base, path) {
  const html = await (await fetch(base + path)).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"/g)].map((m) => m[1]))];
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { path, scripts: srcs.length, raw_kb: raw / 1024, gzip_kb: gz / 1024 };
}

export async function measureJs(base) {
  const list = await (await fetch(`${base}/api/fundraisers?limit=1`)).json();
  const story = `/stories/${list.data[0].custom_tag}`;
  const rows = [];
  for (const p of ['/about-us', '/', story, '/all-fundraisers']) rows.push(await pageScripts(base, p));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({ port: 3401, dataDir: './data/bench-js' });
  try {
    const rows = await measureJs(server.base);
    const baseline = rows[0].gzip_kb;
    console.log('page                                   scripts   raw kB   gzip kB   gzip over /about-us');
    for (const r of rows) {
      const name = r.path.length > 38 ? r.path.slice(0, 35) + '...' : r.path;
      console.log(`${name.padEnd(38)} ${String(r.scripts).padStart(7)} ${r.raw_kb.toFixed(1).padStart(8)} ${r.gzip_kb.toFixed(1).padStart(9)} ${(r.gzip_kb - baseline).toFixed(1).padStart(10)}`);
    }
    console.log('(/about-us is the near-empty baseline page of the same build: layout only)');
  } finally {
    await server.stop();
  }
}
