// spec 5: with +91 the donation form applies the Indian mobile pattern, as the profile form does.
import { CartSchema } from '@/lib/validation/cart';
import { ProfileSchema } from '@/lib/validation/profile';

const cart = { donated_amount: '500', currency: 'INR', donor_name: 'Asha Rao', donor_email: 'asha@example.com' };
const phoneErrors = (over: Record<string, unknown>) => {
  const r = CartSchema.safeParse({ ...cart, ...over });
  return r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'donor_phone').map((i) => i.message);
};

describe('spec 5: the Indian mobile pattern on the donation form', () => {
  it("refuses 5876543210 with +91 with 'Please enter a valid number', as the profile form does", () => {
    expect(phoneErrors({ donor_phone: '5876543210', donor_extension: '+91' })).toEqual(['Please enter a valid number']);
    expect(phoneErrors({ donor_phone: '5876543210' })).toEqual(['Please enter a valid number']);
    expect(phoneErrors({ donor_phone: '5876543210', donor_extension: '91' })).toEqual(['Please enter a valid number']);
    expect(ProfileSchema.safeParse({ extension: '+91', phone_1: '5876543210' }).success).toBe(false);
  });
  it('takes Indian mobiles in their usual spellings', () => {
    for (const donor_phone of ['9876543210', '+91 98765 43210', '098765 43210', '6000000000']) expect([donor_phone, phoneErrors({ donor_phone })]).toEqual([donor_phone, []]);
  });
  it('leaves other dialling codes to the general rule', () => {
    expect(phoneErrors({ donor_phone: '5876543210', donor_extension: '+1' })).toEqual([]);
    expect(phoneErrors({ donor_phone: '7911123456', donor_extension: '+44' })).toEqual([]);
  });
  it('answers input that is not a donation at all with issues, never an exception', () => {
    for (const odd of [[], null, 'x', { donor_phone: 5876543210 }]) expect(CartSchema.safeParse(odd).success).toBe(false);
  });
  it('shows the phone message once, beside the messages of other fields', () => {
    expect(phoneErrors({ donor_phone: '12' })).toEqual(['Please enter a valid number']);
    const r = CartSchema.safeParse({ ...cart, donor_name: '', donor_phone: '5876543210' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path[0], i.message])).toEqual(expect.arrayContaining([['donor_phone', 'Please enter a valid number'], ['donor_name', 'Please enter a valid name']]));
  });
});
