// SIP months, financial years and the next-payment window are India's calendar, not UTC's.
import { addIndiaMonths, financialYearBounds, financialYearOf, indiaDay, indiaMonth } from '@/lib/india-time';
import { addSipMonths, firstPaymentDateFrom, paymentPeriod } from '@/lib/sip/calendar';
import { sipPeriod } from '@/lib/sip/settled';
import { isPaymentDueSoon } from '@/lib/sip/status';

describe('India time', () => {
  it('puts 00:30 IST on 1 April in the new financial year and 23:59 IST on 31 March in the old', () => {
    expect(financialYearOf(new Date('2026-03-31T19:00:00Z'))).toBe('2026-27'); // 00:30 IST, 1 April
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 23:59:59 IST, 31 March
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // midnight IST
    expect(financialYearOf(new Date('2027-01-15T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('bounds a financial year at midnight in India', () => {
    expect(financialYearBounds('2026-27')).toEqual({ from: new Date('2026-03-31T18:30:00Z'), to: new Date('2027-03-31T18:30:00Z') });
    expect(financialYearBounds('2026-28')).toBeNull();
    expect(financialYearBounds('26-27')).toBeNull();
  });

  it('counts 18:30 UTC on the last day of a month as the next month in India', () => {
    expect(indiaMonth(new Date('2026-05-31T18:30:00Z'))).toBe('2026-06');
    expect(indiaMonth(new Date('2026-05-31T18:29:00Z'))).toBe('2026-05');
    expect(indiaDay(new Date('2026-05-31T18:30:00Z'))).toBe('2026-06-01');
  });

  it('gives a debit at 00:30 IST on the 1st to that month, not the last', () => {
    const debit = new Date('2026-06-30T19:00:00Z'); // 00:30 IST, 1 July
    expect(sipPeriod(debit)).toBe('2026-07');
    expect(paymentPeriod(debit)).toBe('2026-07');
    expect(paymentPeriod(debit.toISOString())).toBe('2026-07');
  });

  it('adds months on India calendar days, keeping the India time of day', () => {
    // 00:30 IST on 31 Jan -> 00:30 IST on 28 Feb (India's last day of February), not 2 March or 27 Feb
    expect(addSipMonths(new Date('2027-01-30T19:00:00Z'), 1)).toEqual(new Date('2027-02-27T19:00:00Z'));
    // 00:30 IST on 1 July -> 00:30 IST on 1 August
    expect(addIndiaMonths(new Date('2026-06-30T19:00:00Z'), 1)).toEqual(new Date('2026-07-31T19:00:00Z'));
    expect(addIndiaMonths(new Date('2026-06-30T19:00:00Z'), -1)).toEqual(new Date('2026-05-31T19:00:00Z'));
  });

  it('finds the next payment date in India months', () => {
    const anchor = new Date('2026-01-31T19:00:00Z'); // 00:30 IST, 1 Feb
    expect(firstPaymentDateFrom(anchor, new Date('2026-06-10T00:00:00Z'), 1)).toEqual(new Date('2026-06-30T19:00:00Z'));
    expect(firstPaymentDateFrom(anchor, new Date('2026-06-10T00:00:00Z'), 3)).toEqual(new Date('2026-07-31T19:00:00Z'));
  });

  it('counts the 5-day next-payment window in India calendar days', () => {
    const now = new Date('2026-06-01T03:30:00Z'); // 09:00 IST, 1 June
    expect(isPaymentDueSoon(new Date('2026-06-06T17:30:00Z'), now)).toBe(true); // 23:00 IST, 6 June: five India days on
    expect(isPaymentDueSoon(new Date('2026-06-06T18:30:00Z'), now)).toBe(false); // 00:00 IST, 7 June
    expect(isPaymentDueSoon(new Date('2026-06-01T04:00:00Z'), now)).toBe(true);
    expect(isPaymentDueSoon(new Date('2026-06-01T03:00:00Z'), now)).toBe(false); // already past
    expect(isPaymentDueSoon(null, now)).toBe(false);
  });
});
