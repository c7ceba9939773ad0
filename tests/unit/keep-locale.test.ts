// Sign-in sends a campaigner to her fundraisers in the language she signed in with.
import { keepLocale } from '@/lib/i18n/locales';

describe('keepLocale', () => {
  it('prefixes our own unprefixed path with the locale, and leaves English as it is', () => {
    expect(keepLocale('ar', '/manage/list')).toBe('/ar/manage/list');
    expect(keepLocale('hi', '/')).toBe('/hi');
    expect(keepLocale('en', '/manage/list')).toBe('/manage/list');
  });
  it('leaves a path already in a locale, another site and a protocol-relative address alone', () => {
    expect(keepLocale('ar', '/hi/manage/list')).toBe('/hi/manage/list');
    expect(keepLocale('ar', '/ar?x=1')).toBe('/ar?x=1');
    expect(keepLocale('ar', 'https://ngo.example.org/dashboard')).toBe('https://ngo.example.org/dashboard');
    expect(keepLocale('ar', '//evil.example.com/x')).toBe('//evil.example.com/x');
  });
});
