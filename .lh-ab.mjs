// Interleaved Lighthouse A/B: base (/work/base) and main (/work/main) servers, runs alternated in one Chromium
import { spawn } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const RUNS = Number(process.env.RUNS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function start(dir, port) {
  const child = spawn(`${dir}/node_modules/.bin/tsx`, ['--require', './scripts/thread-pool.cjs', 'scripts/start.ts'], { cwd: dir, env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PGLITE_DIR: `/tmp/lhab-${port}`, SANDBOX_GATEWAY: '1' }, stdio: 'ignore', detached: true });
  return { child, base: `http://127.0.0.1:${port}` };
}
const servers = { base: start('/work/base', 3420), main: start('/work/main', 3421) };
for (const s of Object.values(servers)) for (;;) { try { if ((await fetch(`${s.base}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 1000)); }
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  const pathsOf = async (s) => {
    const list = await (await fetch(`${s.base}/api/fundraisers?limit=20&status=active`)).json();
    const f = list.data.find((x) => x.currency === 'INR' && x.donor_count > 0);
    return { home: '/', story: `/stories/${f.custom_tag}`, payment: `/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form` };
  };
  const paths = { base: await pathsOf(servers.base), main: await pathsOf(servers.main) };
  const pages = (process.env.PAGES ?? 'payment,story,home').split(',');
  for (const page of pages) {
    const res = { base: [], main: [] };
    for (const k of ['base', 'main']) await fetch(servers[k].base + paths[k][page]);
    for (let i = 0; i < RUNS; i++) for (const k of i % 2 ? ['main', 'base'] : ['base', 'main']) {
      const r = await lighthouse(servers[k].base + paths[k][page], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const a = r.lhr.audits;
      res[k].push({ score: Math.round(r.lhr.categories.performance.score * 100), lcp: a['largest-contentful-paint'].numericValue, tbt: a['total-blocking-time'].numericValue });
    }
    for (const k of ['base', 'main']) console.log(`${page.padEnd(8)} ${k.padEnd(5)} score ${median(res[k].map((x) => x.score))} LCP ${Math.round(median(res[k].map((x) => x.lcp)))} TBT ${Math.round(median(res[k].map((x) => x.tbt)))}  (TBT runs ${res[k].map((x) => Math.round(x.tbt)).join(' ')})`);
  }
} finally {
  await chrome.kill();
  for (const s of Object.values(servers)) try { process.kill(-s.child.pid, 'SIGTERM'); } catch {}
}
