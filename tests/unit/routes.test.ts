import { isFrameable, legacyRedirectTarget, paymentPath, storyPath } from '@/lib/routes';
import { LOCALES, directionOf, localizedPath } from '@/lib/i18n/locales';

describe('spec 2 route table', () => {
  it('maps the legacy paths to their new homes', () => {
    expect(legacyRedirectTarget('/fundraisers/all_fundraisers.php', LOCALES)).toBe('/all-fundraisers');
    expect(legacyRedirectTarget('/pages/about-us', LOCALES)).toBe('/about-us');
    expect(legacyRedirectTarget('/pages/contact-us', LOCALES)).toBe('/contact-us');
    expect(legacyRedirectTarget('/pages/blog/', LOCALES)).toBe('/blog');
    expect(legacyRedirectTarget('/hi/pages/blog', LOCALES)).toBe('/hi/blog');
    expect(legacyRedirectTarget('/about-us', LOCALES)).toBeNull();
  });
  it('lets only the embeddable listing be framed', () => {
    expect(isFrameable('/fundraiser-listing', LOCALES)).toBe(true);
    expect(isFrameable('/ar/fundraiser-listing', LOCALES)).toBe(true);
    expect(isFrameable('/stories/x', LOCALES)).toBe(false);
    expect(isFrameable('/', LOCALES)).toBe(false);
  });
  it('builds the story and payment destinations', () => {
    expect(storyPath('help-asha')).toBe('/stories/help-asha');
    expect(paymentPath({ custom_tag: 'help-asha', id: 7 })).toBe('/new/payment?ct=help-asha&id=7&payment=form');
  });
  it('en has no prefix; ar and ur are right-to-left', () => {
    expect(localizedPath('en', '/blog')).toBe('/blog');
    expect(localizedPath('hi', '/')).toBe('/hi');
    expect(localizedPath('ta', '/blog')).toBe('/ta/blog');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ur')).toBe('rtl');
    expect(directionOf('hi')).toBe('ltr');
  });
});
