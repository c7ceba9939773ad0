import { canMove } from '@/lib/payments/order-state';
import { failureRedirect, thankYouPath } from '@/lib/payments/redirects';
import { locationFromHeaders, paymentOptions } from '@/lib/payments/options';
import { CartSchema } from '@/lib/validation/cart';

const f = { custom_tag: 'help-asha', id: 7 };

describe('order state machine', () => {
  it('moves forward once and never back from paid', () => {
    expect(canMove('created', 'pending')).toBe(true);
    expect(canMove('pending', 'success')).toBe(true);
    expect(canMove('pending', 'failed')).toBe(true);
    expect(canMove('failed', 'success')).toBe(true); // a late capture still credits
    expect(canMove('success', 'failed')).toBe(false);
    expect(canMove('success', 'pending')).toBe(false);
    expect(canMove('success', 'success')).toBe(false);
    expect(canMove('failed', 'failed')).toBe(false);
    expect(canMove('refunded', 'success')).toBe(false);
  });
});

describe('spec 4: failure redirect by origin, each with st=f', () => {
  it.each([
    ['f', '/fundraiser/help-asha?st=f'],
    ['s', '/stories/help-asha?st=f'],
    ['tp', '/new/thankyou/help-asha?st=f'],
    ['up', '/new/campaign/campaign_update?ct=help-asha&st=f'],
    ['tann', '/new/anniversary?st=f'],
    ['tip', '/new/standalonetip?st=f'],
    ['ps', '/new/payment?ct=help-asha&id=7&payment=form&st=f'],
    ['zz', '/payment-failed?st=f'],
    [null, '/payment-failed?st=f'],
  ])('origin %s goes to %s', (origin, target) => {
    expect(failureRedirect(origin, f)).toBe(target);
  });
  it('a gift from a story or fundraiser page placed on the payment form goes back to that form, its origin kept', () => {
    const placed = { pageType: 'payment_form' };
    expect(failureRedirect('s', f, 'Card declined', placed)).toBe('/new/payment?ct=help-asha&id=7&payment=form&or=s&st=f&reason=Card+declined');
    expect(failureRedirect('f', f, null, placed)).toBe('/new/payment?ct=help-asha&id=7&payment=form&or=f&st=f');
    // spec 4's pages for the other origins, placed on the form or not
    expect(failureRedirect('tp', f, null, placed)).toBe('/new/thankyou/help-asha?st=f');
    expect(failureRedirect('up', { ...f, update_id: 9 }, null, placed)).toBe('/new/campaign/campaign_update?ct=help-asha&update=9&st=f');
    expect(failureRedirect('tann', f, null, placed)).toBe('/new/anniversary?st=f');
    expect(failureRedirect('ps', f, null, placed)).toBe('/new/payment?ct=help-asha&id=7&payment=form&st=f');
    // a gift placed elsewhere (the API, another page) keeps spec 4's story; without the fundraiser's id, the default
    expect(failureRedirect('s', f, null, { pageType: 'elsewhere' })).toBe('/stories/help-asha?st=f');
    expect(failureRedirect('s', { custom_tag: 'help-asha', id: 0 }, null, placed)).toBe('/stories/help-asha?st=f');
    expect(failureRedirect('s', null, null, placed)).toBe('/payment-failed?st=f');
  });
  it('carries the failure reason and the thank-you path carries the order', () => {
    expect(failureRedirect('s', f, 'Card declined')).toBe('/stories/help-asha?st=f&reason=Card+declined');
    expect(thankYouPath('help-asha', 'SHY1')).toBe('/new/thankyou/help-asha?oi=SHY1');
  });
});

describe('payment options and location', () => {
  it('offers UPI, wallets and bank transfer in rupees only, and bank transfer for gifts only', () => {
    expect(paymentOptions('INR')).toEqual(['UPI', 'VPA', 'CARD', 'PAYTM', 'NEFT']);
    expect(paymentOptions('INR', 'tip')).toEqual(['UPI', 'VPA', 'CARD', 'PAYTM']);
    expect(paymentOptions('INR', 'premium')).toEqual(['UPI', 'VPA', 'CARD', 'PAYTM']);
    expect(paymentOptions('USD')).toEqual(['CARD']);
  });
  it('detects the currency from the edge country header, falling back to Mumbai, India (INR)', () => {
    expect(locationFromHeaders(new Headers({ 'cf-ipcountry': 'GB' })).currency).toBe('GBP');
    expect(locationFromHeaders(new Headers({ 'cf-ipcountry': 'DE' })).currency).toBe('EUR');
    const fallback = locationFromHeaders(new Headers());
    expect(fallback).toMatchObject({ city_name: 'Mumbai', country_code: 'IN', currency: 'INR', detected: false });
  });
});

describe('spec 5: the donation form schema', () => {
  const ok = { donated_amount: '500', currency: 'INR', donor_name: "Asha D'Souza", donor_email: 'a@b.co', donor_phone: '+91 98765 43210' };
  it('trims the phone to its last 10 digits and accepts a valid donation', () => {
    const parsed = CartSchema.parse(ok);
    expect(parsed.donor_phone).toBe('9876543210');
    expect(parsed.donated_amount).toBe(500);
  });
  it('rejects three decimals, zero, and a malformed PAN with clear messages', () => {
    const r = CartSchema.safeParse({ ...ok, donated_amount: '10.005', pan: 'ABC' });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields.donated_amount).toBe('The amount can have at most two decimals');
    expect(fields.pan).toBe('Please enter a valid PAN');
    expect(CartSchema.safeParse({ ...ok, donated_amount: 0 }).error!.issues[0].message).toBe('Please enter a value greater than or equal to 1');
  });
});
