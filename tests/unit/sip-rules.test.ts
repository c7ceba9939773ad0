// spec 5 and 9: the SIP rules the subscribe page and the server share (lib/sip/rules.ts, lib/validation/sip.ts).
import en from '@/messages/en.json';
import { CURRENCY_CODES } from '@/lib/money';
import {
  emandateFirstName,
  isSipUpiHandle,
  roundSipAmount,
  SIP_CAUSE_LABELS,
  SIP_CAUSES,
  SIP_CURRENCIES,
  SIP_MESSAGES,
  SIP_MINIMUMS_MAJOR,
  SIP_UPI_HANDLES,
  sipCausesFor,
  sipMinimumMajor,
  sipTotalProblems,
  type SipCurrency,
} from '@/lib/sip/rules';
import { PledgeChangeSchema, SubscribeSchema } from '@/lib/validation/sip';

describe('spec 9: minimum monthly amount per currency', () => {
  const spec: Record<SipCurrency, number> = { INR: 100, USD: 10, GBP: 10, EUR: 10, AED: 20, SGD: 30, SAR: 50, CAD: 10, HKD: 10, QAR: 10, AUD: 10, MYR: 10 };

  it('a SIP may be in exactly the twelve currencies of the product', () => {
    expect([...SIP_CURRENCIES].sort()).toEqual([...CURRENCY_CODES].sort());
  });

  it.each(Object.entries(spec) as [SipCurrency, number][])('%s: at least %d', (currency, minimum) => {
    expect(sipMinimumMajor(currency)).toBe(minimum);
    expect(SIP_MINIMUMS_MAJOR[currency]).toBe(minimum);
    // exactly the minimum passes, a cent less does not
    expect(sipTotalProblems({ currency, causes: [{ sip_cause: 'medical', amount: minimum }], existing: [] })).toEqual({});
    expect(sipTotalProblems({ currency, causes: [{ sip_cause: 'medical', amount: minimum - 0.01 }], existing: [] })).toHaveProperty(['causes.0.amount']);
  });
});

describe('spec 5: the monthly amount is rounded by its last two digits to 00, 50 or the next 100', () => {
  it.each([
    [1200, 1200],
    [1201, 1250],
    [1250, 1250],
    [1251, 1300],
    [1299, 1300],
    [1300, 1300],
    [99, 100],
    [100, 100],
    [101, 150],
    [149, 150],
    [150, 150],
    [151, 200],
    [199, 200],
    [10, 50],
    [50, 50],
    [1200.5, 1250],
    [1250.01, 1300],
    [100000, 100000],
    [100001, 100050],
  ])('%d becomes %d', (entered, rounded) => {
    expect(roundSipAmount(entered)).toBe(rounded);
  });

  it('never lowers an amount, so a rounded amount still meets the minimum', () => {
    for (let n = 1; n <= 1000; n++) {
      const r = roundSipAmount(n);
      expect(r).toBeGreaterThanOrEqual(n);
      expect(r - n).toBeLessThan(50);
      expect(r % 50).toBe(0);
    }
  });

  it('leaves what is not an amount alone (validation refuses it)', () => {
    expect(roundSipAmount(0)).toBe(0);
    // rupee steps: a foreign SIP keeps the amount entered (USD 10 is spec 9's minimum, not USD 50)
    expect(roundSipAmount(10, 'USD')).toBe(10);
    expect(roundSipAmount(1201, 'INR')).toBe(1250);
    expect(roundSipAmount(-5)).toBe(-5);
    expect(roundSipAmount(NaN)).toBeNaN();
  });
});

describe('spec 5: each cause meets the minimum unless the donor already gives that cause no more than the entered amount', () => {
  const below = { currency: 'INR' as const, causes: [{ sip_cause: 'medical', amount: 60 }] };

  it('refuses a cause below the minimum, naming the cause and the minimum', () => {
    expect(sipTotalProblems({ ...below, existing: [] })).toEqual({ 'causes.0.amount': SIP_MESSAGES.belowMinimum('Medical', '₹100') });
    expect(SIP_MESSAGES.belowMinimum('Medical', '₹100')).toBe('The monthly amount for Medical must be at least ₹100');
  });

  it('accepts it when an existing SIP for the cause is below or equal to the entered amount', () => {
    expect(sipTotalProblems({ ...below, existing: [{ sip_cause: 'medical', amount: 50, currency: 'INR' }] })).toEqual({});
    expect(sipTotalProblems({ ...below, existing: [{ sip_cause: 'medical', amount: 60, currency: 'INR' }] })).toEqual({});
  });

  it('still refuses it when the existing SIP is above the entered amount (no lowering below the minimum)', () => {
    expect(sipTotalProblems({ ...below, existing: [{ sip_cause: 'medical', amount: 60.01, currency: 'INR' }] })).toHaveProperty(['causes.0.amount']);
    expect(sipTotalProblems({ ...below, existing: [{ sip_cause: 'medical', amount: 500, currency: 'INR' }] })).toHaveProperty(['causes.0.amount']);
  });

  it('looks only at SIPs for the same cause and in the same currency', () => {
    expect(sipTotalProblems({ ...below, existing: [{ sip_cause: 'animals', amount: 50, currency: 'INR' }] })).toHaveProperty(['causes.0.amount']);
    expect(sipTotalProblems({ ...below, existing: [{ sip_cause: 'medical', amount: 5, currency: 'USD' }] })).toHaveProperty(['causes.0.amount']);
  });

  it('checks every cause on its own, with field paths by position', () => {
    const problems = sipTotalProblems({
      currency: 'USD',
      causes: [
        { sip_cause: 'medical', amount: 10 },
        { sip_cause: 'animals', amount: 9 },
        { sip_cause: 'education', amount: 5 },
      ],
      existing: [{ sip_cause: 'education', amount: 5, currency: 'USD' }],
    });
    expect(problems).toEqual({ 'causes.1.amount': SIP_MESSAGES.belowMinimum('Animals', '$10') });
  });

  it('refuses no cause, a zero amount, an unknown cause, a cause chosen twice', () => {
    expect(sipTotalProblems({ currency: 'INR', causes: [], existing: [] })).toEqual({ causes: SIP_MESSAGES.noCause });
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 0 }], existing: [] })).toEqual({ 'causes.0.amount': SIP_MESSAGES.amountPositive });
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'space', amount: 100 }], existing: [] })).toEqual({ 'causes.0.sip_cause': SIP_MESSAGES.unknownCause });
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 100 }, { sip_cause: 'medical', amount: 200 }], existing: [] })).toEqual({
      'causes.1.sip_cause': SIP_MESSAGES.duplicateCause('Medical'),
    });
  });

  it('works without the donor\'s SIPs (a signed-out page)', () => {
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 100 }] })).toEqual({});
  });
});

describe('spec 9: SIP causes, acid_victims only in INR', () => {
  it('INR offers all nine causes', () => {
    expect(sipCausesFor('INR')).toEqual(['medical', 'animals', 'education', 'food_hunger', 'elderly', 'women_girls', 'widow', 'acid_victims', 'sip_protect']);
  });

  it.each(SIP_CURRENCIES.filter((c) => c !== 'INR'))('%s offers every cause but acid_victims', (currency) => {
    expect(sipCausesFor(currency)).not.toContain('acid_victims');
    expect(sipCausesFor(currency)).toHaveLength(SIP_CAUSES.length - 1);
    expect(sipTotalProblems({ currency, causes: [{ sip_cause: 'acid_victims', amount: 100 }], existing: [] })).toEqual({ 'causes.0.sip_cause': SIP_MESSAGES.inrOnlyCause('Acid attack survivors') });
  });

  it('names causes as the English messages do', () => {
    expect(SIP_CAUSE_LABELS).toEqual(en.Sip.causes);
  });
});

describe('spec 5: SIP UPI handles', () => {
  it.each([...SIP_UPI_HANDLES])('name@%s is allowed', (handle) => {
    expect(isSipUpiHandle(`asha.k@${handle}`)).toBe(true);
  });

  it('is exactly the spec\'s list', () => {
    expect([...SIP_UPI_HANDLES].sort()).toEqual(['apl', 'axl', 'ibl', 'okaxis', 'okhdfcbank', 'okicici', 'oksbi', 'ptaxis', 'pthdfc', 'ptsbi', 'ptyes', 'upi', 'ybl'].sort());
  });

  it('ignores case and surrounding spaces', () => {
    expect(isSipUpiHandle('Asha@YBL')).toBe(true);
    expect(isSipUpiHandle(' asha@OkHdfcBank ')).toBe(true);
  });

  it('refuses other handles, a missing @, an empty name and two @', () => {
    expect(isSipUpiHandle('asha@paytm')).toBe(false);
    expect(isSipUpiHandle('asha@okhdfc')).toBe(false);
    expect(isSipUpiHandle('asha@ybl.com')).toBe(false);
    expect(isSipUpiHandle('ashaybl')).toBe(false);
    expect(isSipUpiHandle('ybl')).toBe(false);
    expect(isSipUpiHandle('@ybl')).toBe(false);
    expect(isSipUpiHandle('asha@x@ybl')).toBe(false);
    expect(isSipUpiHandle('')).toBe(false);
  });
});

describe('spec 5: e-mandate first names under 3 characters get a suffix', () => {
  it.each([
    ['Asha Kumari', 'Asha'],
    ['Ravi', 'Ravi'],
    ['Raj', 'Raj'],
    ['Al Smith', 'Al Donor'],
    ['  Jo  ', 'Jo Donor'],
    ['K', 'K Donor'],
    ['', 'Donor'],
  ])('%j → %j', (fullName, firstName) => {
    expect(emandateFirstName(fullName)).toBe(firstName);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(emandateFirstName('𝒜𝒷')).toBe('𝒜𝒷 Donor');
  });
});

describe('SubscribeSchema', () => {
  const valid = { currency: 'INR', causes: [{ sip_cause: 'medical', amount: 500 }], payment_method: 'Emandate' };

  it('takes a one-cause SIP with its defaults and spec 3/9 fields', () => {
    expect(SubscribeSchema.parse(valid)).toEqual({
      currency: 'INR',
      causes: [{ sip_cause: 'medical', amount: 500 }],
      payment_method: 'Emandate',
      month_interval: 1,
      ngo_sip: false,
      multicause: false,
      cause_amount: 1,
    });
  });

  it('takes several causes (multicause), amounts as form strings, and rounds nothing', () => {
    const sip = SubscribeSchema.parse({ ...valid, causes: [{ sip_cause: 'medical', amount: '1201' }, { sip_cause: 'animals', amount: 149.5 }], month_interval: '3', tenure: 12, ngo_sip: '1', locale: 'hi' });
    expect(sip).toMatchObject({ causes: [{ sip_cause: 'medical', amount: 1201 }, { sip_cause: 'animals', amount: 149.5 }], multicause: true, cause_amount: 1, month_interval: 3, tenure: 12, ngo_sip: true, locale: 'hi' });
  });

  it('leaves the minimum to sipTotalProblems (it needs the donor\'s SIPs)', () => {
    expect(SubscribeSchema.safeParse({ ...valid, causes: [{ sip_cause: 'medical', amount: 60 }] }).success).toBe(true);
  });

  const issues = (input: unknown) => {
    const r = SubscribeSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('refuses an unknown currency, no cause, an unknown payment method', () => {
    expect(issues({ ...valid, currency: 'JPY' })).toEqual({ currency: SIP_MESSAGES.currency });
    expect(issues({ ...valid, causes: [] })).toEqual({ causes: SIP_MESSAGES.noCause });
    expect(issues({ ...valid, payment_method: 'UPI' })).toEqual({ payment_method: SIP_MESSAGES.paymentMethod });
  });

  it('refuses acid_victims outside INR and a cause chosen twice', () => {
    expect(issues({ ...valid, currency: 'USD', causes: [{ sip_cause: 'acid_victims', amount: 20 }] })).toEqual({ 'causes.0.sip_cause': SIP_MESSAGES.inrOnlyCause('Acid attack survivors') });
    expect(SubscribeSchema.safeParse({ ...valid, causes: [{ sip_cause: 'acid_victims', amount: 200 }] }).success).toBe(true);
    expect(issues({ ...valid, causes: [{ sip_cause: 'medical', amount: 100 }, { sip_cause: 'medical', amount: 100 }] })).toEqual({ 'causes.1.sip_cause': SIP_MESSAGES.duplicateCause('Medical') });
  });

  it('refuses amounts that are not positive numbers with at most two decimals', () => {
    for (const amount of [0, -1, '1e3', 'abc', true, '10.123', 10.123]) {
      expect(SubscribeSchema.safeParse({ ...valid, causes: [{ sip_cause: 'medical', amount }] }).success).toBe(false);
    }
  });

  it('refuses a monthly total above the per-currency ceiling', () => {
    expect(issues({ ...valid, causes: [{ sip_cause: 'medical', amount: 6_000_000 }, { sip_cause: 'animals', amount: 6_000_000 }] })).toHaveProperty(['causes']);
  });

  it('UPI AutoPay needs a UPI ID with a listed handle', () => {
    const upi = { ...valid, payment_method: 'UPIRECURRING' };
    expect(issues(upi)).toEqual({ vpa: SIP_MESSAGES.vpaRequired });
    expect(issues({ ...upi, vpa: 'not a vpa' })).toEqual({ vpa: SIP_MESSAGES.vpa });
    expect(issues({ ...upi, vpa: 'asha@paytm' })).toEqual({ vpa: SIP_MESSAGES.vpaHandle });
    expect(SubscribeSchema.parse({ ...upi, vpa: ' Asha@OKSBI ' })).toMatchObject({ vpa: 'Asha@OKSBI' });
  });

  it('drops a UPI ID sent with another method', () => {
    expect(SubscribeSchema.parse({ ...valid, vpa: 'asha@paytm' })).not.toHaveProperty('vpa');
  });

  it('refuses a month interval or tenure that is not a whole number of months in range', () => {
    expect(issues({ ...valid, month_interval: 0 })).toEqual({ month_interval: SIP_MESSAGES.monthInterval });
    expect(issues({ ...valid, month_interval: 1.5 })).toEqual({ month_interval: SIP_MESSAGES.monthInterval });
    expect(issues({ ...valid, tenure: 0 })).toEqual({ tenure: SIP_MESSAGES.tenure });
  });
});

describe('PledgeChangeSchema', () => {
  it('takes a positive amount, as a number or a form string', () => {
    expect(PledgeChangeSchema.parse({ amount: '750' })).toEqual({ amount: 750 });
    expect(PledgeChangeSchema.parse({ amount: 99.5 })).toEqual({ amount: 99.5 });
  });

  it('refuses no amount, zero and three decimals', () => {
    for (const body of [{}, { amount: 0 }, { amount: '1.005' }]) expect(PledgeChangeSchema.safeParse(body).success).toBe(false);
  });

  it('with the SIP itself as existing: raising one below today\'s minimum is allowed, lowering below the minimum is not', () => {
    const legacy = [{ sip_cause: 'medical', amount: 50, currency: 'INR' }];
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 70 }], existing: legacy })).toEqual({});
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 40 }], existing: legacy })).toHaveProperty(['causes.0.amount']);
    const current = [{ sip_cause: 'medical', amount: 500, currency: 'INR' }];
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 80 }], existing: current })).toHaveProperty(['causes.0.amount']);
    expect(sipTotalProblems({ currency: 'INR', causes: [{ sip_cause: 'medical', amount: 100 }], existing: current })).toEqual({});
  });
});
