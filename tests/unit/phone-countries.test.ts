// The browser's country → dialling code table (generated) never drifts from libphonenumber-js's metadata,
// and the client-safe phone module never pulls libphonenumber-js into a page.
import fs from 'node:fs';
import path from 'node:path';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { COUNTRY_CALLING_CODES } from '@/lib/phone/countries';
import { callingCodeOf, phoneShape } from '@/lib/phone/dialling';

describe('lib/phone/countries.ts (npm run gen:phone-countries)', () => {
  it("has exactly libphonenumber-js's countries, each with its dialling code", () => {
    expect(Object.keys(COUNTRY_CALLING_CODES).sort()).toEqual([...getCountries()].sort());
    for (const c of getCountries()) expect(COUNTRY_CALLING_CODES[c]).toBe(getCountryCallingCode(c));
  });
  it('no client-side phone module imports libphonenumber-js', () => {
    for (const f of ['lib/phone/countries.ts', 'lib/phone/dialling.ts', 'lib/validation/accounts.ts', 'lib/validation/donation.ts', 'lib/validation/people.ts', 'lib/constants/people.ts', 'components/forms/PhoneField.tsx']) {
      expect([f, /from ['"]libphonenumber-js/.test(fs.readFileSync(path.join(process.cwd(), f), 'utf8'))]).toEqual([f, false]);
    }
  });
});

describe('phoneShape, the check form and server share', () => {
  it("+91 keeps spec 5's rules; other codes allow at most E.164's 15 digits", () => {
    expect(phoneShape('91', '098765 43210')).toBe('9876543210');
    expect(phoneShape('91', '58765 43210')).toBeNull();
    expect(phoneShape('1', '(202) 555-0123')).toBe('2025550123');
    expect(phoneShape('44', '1234567890123')).toBe('1234567890123');
    expect(phoneShape('44', '12345678901234')).toBeNull();
    expect(callingCodeOf('+1')).toBe('1');
    expect(callingCodeOf('+999')).toBeNull();
  });
});
