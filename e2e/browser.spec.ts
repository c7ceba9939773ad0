import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PLAYWRIGHT_DISABLED_FEATURES, UNUSED_BROWSER_FEATURES } from './support/chromium';

// the browser the suite runs in: Playwright's own switches kept, and no per-window work that no test looks at
test('the browser keeps every feature Playwright disables, and a window preloads no address-bar popup', async ({ browser, page }) => {
  const cdp = await browser.newBrowserCDPSession();
  // the browser process's own command line (CDP gives it only under --enable-automation, which Playwright does not pass)
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  const browserPid = processInfo.find((p) => p.type === 'browser')!.id;
  const argv = readFileSync(`/proc/${browserPid}/cmdline`, 'utf8').split('\0');
  const lists = argv.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
  // Chromium keeps the last one only: it must hold what Playwright asked for (the first) as well as ours
  expect(lists.length).toBeGreaterThanOrEqual(2);
  const kept = lists[lists.length - 1];
  for (const list of lists.slice(0, -1)) expect(list.filter((f) => !kept.includes(f))).toEqual([]);
  expect(kept).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_FEATURES]));

  await page.goto('/');
  const { targetInfos } = await cdp.send('Target.getTargets');
  // a Chromium that renames these features would preload them again: this says so rather than the suite slowing down
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url)).toEqual([]);
  await cdp.detach();
});
