// CPU profile of a page load at 4x CPU slowdown, phone viewport: self time by function and by script, long tasks
import { chromium } from '@playwright/test';
const url = process.argv[2];
const RUNS = Number(process.env.RUNS ?? 3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const agg = new Map(), byUrl = new Map();
let totalLong = [];
for (let r = 0; r < RUNS; r++) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36', isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  if (process.env.BLOCK) await page.route(new RegExp(process.env.BLOCK), (r) => r.abort());
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.addInitScript(() => { window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send('Profiler.stop');
  const long = await page.evaluate(() => window.__long);
  totalLong.push(long);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  profile.samples.forEach((s, i) => dt.set(s, (dt.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, us] of dt) {
    const n = nodes.get(id); const cf = n.callFrame;
    const u = (cf.url || '(native)').replace(/^.*\/_next\/static\//, '');
    const k = `${cf.functionName || '(anon)'} ${u}:${cf.lineNumber}:${cf.columnNumber}`;
    agg.set(k, (agg.get(k) ?? 0) + us / 1000 / RUNS);
    byUrl.set(u, (byUrl.get(u) ?? 0) + us / 1000 / RUNS);
  }
  await ctx.close();
}
await browser.close();
const tbt = totalLong.map((l) => l.reduce((a, [, d]) => a + Math.max(0, d - 50), 0));
console.log('long tasks per run', JSON.stringify(totalLong), 'TBT-ish', tbt);
console.log('--- by script (ms, mean)');
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(0).padStart(6), k);
console.log('--- by function (ms self, mean)');
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log(v.toFixed(1).padStart(7), k);
