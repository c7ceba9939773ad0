import { sipMinimumMajor as minimumSipAmount } from '@/lib/sip/rules';
import { currencyForCountry, currencyOptionLabel, formatMoney, formatPlatformFigure, CURRENCIES, CURRENCY_CODES, isCurrencyCode, toMinor } from '@/lib/money';
import { convertMinor, DEFAULT_INR_PER_UNIT_MICROS } from '@/lib/currency-rates';
import { defaultDonationAmount, donationPresetsFor, inrEquivalentMinor } from '@/lib/donations/amounts';

describe('currencies (spec 3 and 9)', () => {
  it('lists the twelve currencies with INR first as the default', () => {
    expect(CURRENCY_CODES).toHaveLength(12);
    expect(CURRENCIES[0].currency).toBe('INR');
    expect(isCurrencyCode('QAR')).toBe(true);
    expect(isCurrencyCode('JPY')).toBe(false);
  });
  it('maps a visitor country to its currency, EU countries to EUR, the rest to INR', () => {
    expect(currencyForCountry('IN')).toBe('INR');
    expect(currencyForCountry('us')).toBe('USD');
    expect(currencyForCountry('DE')).toBe('EUR');
    expect(currencyForCountry('AE')).toBe('AED');
    expect(currencyForCountry('JP')).toBe('INR');
    expect(currencyForCountry(null)).toBe('INR');
  });
  it('minimum SIP per currency', () => {
    expect(minimumSipAmount('INR')).toBe(100);
    expect(minimumSipAmount('AED')).toBe(20);
    expect(minimumSipAmount('SGD')).toBe(30);
    expect(minimumSipAmount('SAR')).toBe(50);
    expect(minimumSipAmount('USD')).toBe(10);
  });
});

describe('money arithmetic', () => {
  it('uses Indian grouping for en and hi', () => {
    expect(formatMoney(toMinor(100000), 'INR', 'en')).toBe('₹1,00,000');
    expect(formatMoney(12345, 'INR', 'en')).toBe('₹123.45');
    // large totals in whole rupees (never rounded up), receipts exact
    expect(formatMoney(28141750, 'INR', 'en')).toBe('₹2,81,417');
    expect(formatMoney(28141750, 'INR', 'en', { exact: true })).toBe('₹2,81,417.50');
  });
  it('converts in integers, rounding half up', () => {
    expect(convertMinor(1000, DEFAULT_INR_PER_UNIT_MICROS.USD, DEFAULT_INR_PER_UNIT_MICROS.INR)).toBe(84500);
    expect(convertMinor(84500, DEFAULT_INR_PER_UNIT_MICROS.INR, DEFAULT_INR_PER_UNIT_MICROS.USD)).toBe(1000);
    expect(convertMinor(1, 1_500_000, 1_000_000)).toBe(2);
    expect(Number.isInteger(convertMinor(333, DEFAULT_INR_PER_UNIT_MICROS.GBP, DEFAULT_INR_PER_UNIT_MICROS.SGD))).toBe(true);
  });
});

describe('the amount a gift starts at in each currency, and its rupee equivalent', () => {
  it('is one of the preset chips of every currency, so a currency change selects a chip', () => {
    for (const c of CURRENCY_CODES) expect(donationPresetsFor(c)).toContain(defaultDonationAmount(c));
    expect(defaultDonationAmount('INR')).toBe(1000);
    expect(defaultDonationAmount('USD')).toBe(25);
  });

  it('converts to rupees at the given rates in integer arithmetic, and says nothing without a rate', () => {
    expect(inrEquivalentMinor(2_500, 'USD', { INR: 1_000_000, USD: 84_500_000 })).toBe(211_250);
    expect(inrEquivalentMinor(2_500, 'USD', { INR: 1_000_000 })).toBeNull();
  });
});

describe('the currency picker shows spec 3 entries with their symbols', () => {
  it('puts the symbol before the code, and the code alone where the entry has no symbol of its own', () => {
    expect(CURRENCY_CODES.map(currencyOptionLabel)).toEqual(['₹ INR', '$ USD', '£ GBP', '€ EUR', 'AED', 'SAR', 'S$ SGD', 'C$ CAD', 'HK$ HKD', 'QAR', 'A$ AUD', 'RM MYR']);
  });
});

describe('spec 1 platform figures in the page locale', () => {
  it('keeps the number in its unit, ungrouped, where people count in lakhs and crores', () => {
    expect(formatPlatformFigure(1100, 10_000_000, 'en')).toBe('1100');
    expect(formatPlatformFigure(3.2, 100_000, 'hi')).toBe('3.2');
    expect(formatPlatformFigure(72, 100_000, 'ur')).toBe('72');
  });
  it('gives Arabic the whole figure in its own short form', () => {
    // Intl keeps the number and its word together with a no-break space
    expect(formatPlatformFigure(1100, 10_000_000, 'ar')).toBe('11\u00a0مليار');
    expect(formatPlatformFigure(72, 100_000, 'ar')).toBe('7.2\u00a0مليون');
    expect(formatPlatformFigure(3.2, 100_000, 'ar')).toBe('320\u00a0ألف');
  });
});
