// The plans of spec 9 as data, how long a premium covers, and the spec 5 date rule for a date of birth.
import { coverEnd, INSURANCE_PLAN_LIST, insurancePlanById, premiumOf } from '@/lib/insurance/plans';
import { dateOfBirthProblem, INSURANCE_MESSAGES } from '@/lib/validation/insurance';

describe('insurance plans (spec 9)', () => {
  it('are the six premiums of spec 9, in rupees', () => {
    expect(INSURANCE_PLAN_LIST.map((p) => [p.plan_id, p.frequency, p.amount_minor / 100, p.currency])).toEqual([
      ['care_yearly', 'yearly', 799, 'INR'],
      ['care_plus_yearly', 'yearly', 1599, 'INR'],
      ['care_monthly', 'monthly', 99, 'INR'],
      ['care_plus_monthly', 'monthly', 199, 'INR'],
      ['essentials_yearly', 'yearly', 1998, 'INR'],
      ['essentials_plus_yearly', 'yearly', 3999, 'INR'],
    ]);
    expect(insurancePlanById('gold')).toBeNull();
    expect(premiumOf(insurancePlanById('care_monthly')!)).toMatchObject({ plan: 'care', plan_amount: 99, cover_months: 1 });
  });

  it('a premium covers a year or a month from the moment it is paid, ending on the month-end when the day is missing', () => {
    expect(coverEnd(new Date('2026-03-10T08:30:00Z'), 'yearly').toISOString()).toBe('2027-03-10T08:30:00.000Z');
    expect(coverEnd(new Date('2028-02-29T10:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(coverEnd(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(coverEnd(new Date('2026-12-15T10:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T10:00:00.000Z');
  });
});

describe('date of birth (spec 5: YYYY-MM-DD and a real date)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it.each(['2026-02-30', '1990-13-01', '1990-5-17', '17-05-1990', '', '1990-05-17T00:00'])('refuses %p', (text) => {
    expect(dateOfBirthProblem(text, now)).toBe(INSURANCE_MESSAGES.date);
  });
  it('takes a real past date, today, and refuses tomorrow and more than a hundred years back', () => {
    expect(dateOfBirthProblem('2024-02-29', now)).toBeNull();
    expect(dateOfBirthProblem('2026-06-01', now)).toBeNull();
    expect(dateOfBirthProblem('2026-06-02', now)).toBe(INSURANCE_MESSAGES.dateFuture);
    expect(dateOfBirthProblem('1926-06-01', now)).toBeNull();
    expect(dateOfBirthProblem('1926-05-31', now)).toBe(INSURANCE_MESSAGES.dateTooOld);
  });
});
