import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules axe checks; a page we change must pass them all. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's violations on the page as it stands (each rule with the first nodes it found), expected to be none. */
export async function expectNoAxeViolations(page: Page, opts: { exclude?: string[] } = {}) {
  // the page at rest: a button's 150 ms colour change, caught half-way, read as too little contrast on a loaded machine
  // (an endless one, a spinner, is not waited for)
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))));
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, 'axe violations').toEqual([]);
}
