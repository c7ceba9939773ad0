import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { ERROR_WORDS } from '@/components/layout/error-words';

type Tree = { [k: string]: string | Tree };
const read = (locale: string): Tree => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'));

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((out, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...out, [key]: v } : { ...out, ...flatten(v, key) };
  }, {});
}

// argument names of an ICU message: {name} and {count, plural, ...}
const argumentsOf = (message: string) => new Set([...message.matchAll(/\{\s*([a-zA-Z_]+)\s*[,}]/g)].map((m) => m[1]));

const en = flatten(read('en'));

describe.each(LOCALES.filter((l) => l !== 'en'))('messages/%s.json', (locale) => {
  const messages = flatten(read(locale));
  it('has every key of en and no other', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
  });
  it('has a real translation for every message (not empty, not the English text)', () => {
    const untranslated = Object.keys(en).filter((k) => !messages[k]?.trim() || (messages[k] === en[k] && /[a-z]{3}/i.test(en[k].replace(/\{[^}]*\}/g, ''))));
    expect(untranslated).toEqual([]);
  });
  it('keeps the placeholders of each message', () => {
    for (const key of Object.keys(en)) expect([key, argumentsOf(messages[key])]).toEqual([key, argumentsOf(en[key])]);
  });
  it('the global error page words mirror the Error messages', () => {
    const tree = read(locale) as { Error: Record<string, string> };
    expect(ERROR_WORDS[locale]).toEqual({ title: tree.Error.title, text: tree.Error.text, retry: tree.Error.retry });
  });
});

describe('spec 1: a locale file that fails to load falls back to the built-in default', () => {
  it('uses en when the loader throws', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const result = await loadMessages('ta', async () => {
      throw new Error('corrupt file');
    });
    expect(result.fellBack).toBe(true);
    expect(result.messages).toEqual(read('en'));
    spy.mockRestore();
  });
  it('uses the locale file when it loads', async () => {
    const result = await loadMessages('hi');
    expect(result.fellBack).toBe(false);
    expect(result.messages).toEqual(read('hi'));
  });
});
