// Values stored in English (relations, causes, payment modes) are never shown raw in another locale.
import fs from 'node:fs';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import { LOCALES } from '@/lib/i18n/locales';
import { BENEFICIARY_RELATIONS } from '@/lib/constants/fundraisers';
import { PAYMENT_MODES } from '@/lib/constants/giving';
import { CAUSE_TREE } from '@/demo/seed';
import { beneficiaryRelationText, causeName, paymentModeName } from '@/lib/i18n/stored-values';

const messagesOf = (locale: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'));
const translator = (locale: string, namespace: 'Story' | 'Causes' | 'Payment') => createTranslator({ locale, messages: messagesOf(locale), namespace, onError: () => {} });
const causes = CAUSE_TREE.map((c) => ({ slug: c.slug, info_1: c.info_1 }));
const otherLocales = LOCALES.filter((l) => l !== 'en');
// a stored English word left in a translated label ("अभियानकर्ता के self")
const englishWord = /[a-z]{3,}/i;

describe.each(LOCALES)('stored values in %s', (locale) => {
  const story = translator(locale, 'Story');
  const causeT = translator(locale, 'Causes');
  const payment = translator(locale, 'Payment');

  it('every relation the seed and schema store has its own message', () => {
    for (const relation of BENEFICIARY_RELATIONS) expect([relation, story.has(`relations.${relation}`)]).toEqual([relation, true]);
  });
  it('every cause of the cause tree has a message under its slug', () => {
    for (const c of causes) expect([c.slug, causeT.has(c.slug)]).toEqual([c.slug, true]);
  });
  it('every payment mode an order stores has a label', () => {
    for (const mode of PAYMENT_MODES) expect([mode, payment.has(`mode${mode}`)]).toEqual([mode, true]);
  });
});

describe.each(otherLocales)('in %s no stored English value reaches the page', (locale) => {
  const en = { story: translator('en', 'Story'), causes: translator('en', 'Causes'), payment: translator('en', 'Payment') };
  const story = translator(locale, 'Story');
  const causeT = translator(locale, 'Causes');
  const payment = translator(locale, 'Payment');

  it('the beneficiary relation is a translated phrase without the stored word', () => {
    for (const relation of BENEFICIARY_RELATIONS) {
      const text = beneficiaryRelationText(story, relation);
      expect([relation, englishWord.test(text)]).toEqual([relation, false]);
      expect(text).not.toBe(beneficiaryRelationText(en.story, relation));
    }
    // stored with a capital or stray spaces, it is still the same relation
    expect(beneficiaryRelationText(story, ' Self ')).toBe(beneficiaryRelationText(story, 'self'));
  });
  it('cause names are translated, never the stored English name', () => {
    for (const c of causes) {
      const text = causeName(causeT, c);
      expect([c.slug, englishWord.test(text)]).toEqual([c.slug, false]);
      expect(text).not.toBe(c.info_1);
    }
  });
  it('payment modes read as the payment form names them, never the stored code', () => {
    for (const mode of PAYMENT_MODES) {
      const text = paymentModeName(payment, mode);
      expect(text).not.toBe(mode);
      expect(text).not.toBe(paymentModeName(en.payment, mode));
    }
  });
});

describe('values outside the known lists', () => {
  it('a cause added to the database without a message shows its stored name', () => {
    expect(causeName(translator('hi', 'Causes'), { slug: 'new-cause', info_1: 'New cause' })).toBe('New cause');
    expect(causeName(translator('hi', 'Causes'), { slug: null, info_1: 'Old cause' })).toBe('Old cause');
  });
  it('English shows its own wording: "Mother of the campaigner", and "self" is not "self of the campaigner"', () => {
    const en = translator('en', 'Story');
    expect(beneficiaryRelationText(en, 'mother')).toBe('Mother of the campaigner');
    expect(beneficiaryRelationText(en, 'self')).not.toMatch(/\bself\b/);
  });
});
