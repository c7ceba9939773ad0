// A story titled "Support ..." is shared without "Please support" in front of it, in every locale.
import fs from 'node:fs';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import { LOCALES } from '@/lib/i18n/locales';
import { storyShareMessage } from '@/lib/story/share';

const messagesOf = (locale: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'));
const storyT = (locale: string) => createTranslator({ locale, messages: messagesOf(locale), namespace: 'Story' });

describe('share text of a story whose title already asks for support', () => {
  it('reads "Support Arjun\'s recovery..." in English, not "Please support Support ..."', () => {
    const t = storyT('en');
    const text = storyShareMessage(t, "Support Arjun's recovery after a road accident", 'He needs a third surgery.');
    expect(text).toBe("Support Arjun's recovery after a road accident. Every contribution helps: He needs a third surgery.");
    expect(text).not.toMatch(/support\s+support/i);
    expect(storyShareMessage(t, 'support the Kochi animal shelter', '')).not.toMatch(/support\s+support/i);
    expect(storyShareMessage(t, 'Please support Meera', '')).not.toMatch(/support\s+please\s+support/i);
  });

  it('keeps "Please support" for other titles, and for titles that only begin with the letters ("Supportive ...")', () => {
    const t = storyT('en');
    expect(storyShareMessage(t, 'Help Asha beat blood cancer', 'x')).toBe('Please support Help Asha beat blood cancer. Every contribution helps: x');
    expect(storyShareMessage(t, 'Supportive care for Ravi', 'x').startsWith('Please support Supportive care')).toBe(true);
  });

  it.each(LOCALES)('%s: drops the locale\'s own "please support" wording and keeps the title and summary', (locale) => {
    const t = storyT(locale);
    // the words around {title} in the ordinary message: "Please support", "कृपया ... का समर्थन करें", ...
    const [before, after] = (t.raw('shareMessage') as string).split('{title}');
    const askingWords = [before.trim(), after.split(/[.।۔]/)[0].trim()].filter(Boolean);
    for (const title of ["Support Arjun's recovery after a road accident", "SUPPORT Arjun's recovery"]) {
      const text = storyShareMessage(t, title, 'He needs a third surgery.');
      expect(text).toContain(title);
      expect(text).toContain('He needs a third surgery.');
      for (const words of askingWords) expect(text).not.toContain(words);
    }
    expect(storyShareMessage(t, 'Help Asha beat blood cancer', 's')).toBe(t('shareMessage', { title: 'Help Asha beat blood cancer', summary: 's' }));
  });
});
