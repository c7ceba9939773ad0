// Phones of every country in E.164, with spec 5's Indian rules kept for +91.
import { callingCodeOf, countryForExtension, phoneCountries, splitE164, toE164 } from '@/lib/phone/international';
import { LoginSchema, OtpLoginSchema } from '@/lib/validation/sign-in';
import { ServerCartSchema as CartSchema } from '@/lib/validation/cart-server';

describe('toE164', () => {
  it("a US number with the picker's +1 is +1 and its own digits (never +91 followed by them)", () => {
    expect(toE164('+1', '(202) 555-0123')).toEqual({ ok: true, e164: '+12025550123', extension: '+1', national: '2025550123' });
    expect(toE164('+44', '07911 123456')).toEqual({ ok: true, e164: '+447911123456', extension: '+44', national: '7911123456' });
  });
  it("+91 keeps spec 5's rules: the last 10 digits, an Indian mobile", () => {
    expect(toE164('+91', '+91 98765 43210')).toMatchObject({ ok: true, e164: '+919876543210', national: '9876543210' });
    expect(toE164('+91', '098765 43210')).toMatchObject({ ok: true, e164: '+919876543210' });
    expect(toE164('+91', '58765 43210')).toEqual({ ok: false, field: 'phone', message: 'Please enter a valid number' });
  });
  it("a number typed with its own '+code' wins over the picker", () => {
    expect(toE164('+91', '+1 202 555 0123')).toMatchObject({ ok: true, e164: '+12025550123' });
  });
  it('an unknown dialling code is the code field\'s message, not a throw', () => {
    expect(toE164('+999', '2025550123')).toEqual({ ok: false, field: 'extension', message: 'Please choose a valid country code' });
    expect(toE164('+1', '555')).toMatchObject({ ok: false, field: 'phone' });
    expect(callingCodeOf('+999')).toBeNull();
    expect(callingCodeOf(' +971 ')).toBe('971');
  });
  it('splits E.164 back into code and number, and names the country a code shows', () => {
    expect(splitE164('+12025550123')).toEqual({ extension: '+1', national: '2025550123' });
    expect(countryForExtension('+1')).toBe('US');
    expect(countryForExtension('+91')).toBe('IN');
    expect(countryForExtension('+999')).toBe('IN');
  });
  it("lists India and the diaspora's countries first, in the reader's language", () => {
    const hi = phoneCountries('hi');
    expect(hi[0]).toMatchObject({ country: 'IN', extension: '+91', name: 'भारत' });
    expect(hi[1]).toMatchObject({ country: 'US', extension: '+1' });
    expect(new Set(hi.map((c) => c.country)).size).toBe(hi.length);
  });
});

describe('sign-in payloads', () => {
  it('the code form sends to a phone in E.164 with its country; an unknown code is a field error', () => {
    expect(OtpLoginSchema.parse({ contact: '202 555 0123', extension: '+1' })).toEqual({ contact: { kind: 'phone', value: '+12025550123' } });
    const bad = OtpLoginSchema.safeParse({ contact: '202 555 0123', extension: '+999' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ['extension'], message: 'Please choose a valid country code' });
  });
  it('the password form takes a mobile number too', () => {
    expect(LoginSchema.parse({ email_id: '98765 43210', password: 'x' }).login).toEqual({ kind: 'phone', value: '+919876543210' });
    expect(LoginSchema.parse({ email_id: 'A@Example.com', password: 'x' }).login).toEqual({ kind: 'email', value: 'a@example.com' });
  });
  it('the payment form refuses a dialling code no country has', () => {
    const cart = { donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: 'a@example.com', donor_phone: '2025550123' };
    expect(CartSchema.safeParse({ ...cart, donor_extension: '+1' }).success).toBe(true);
    const bad = CartSchema.safeParse({ ...cart, donor_extension: '+999' });
    expect(bad.error!.issues.find((i) => i.path[0] === 'donor_extension')?.message).toBe('Please choose a valid country code');
  });
});
