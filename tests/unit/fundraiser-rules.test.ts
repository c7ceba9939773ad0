import { cardImage, DEFAULT_FUNDRAISER_IMAGE, hasTaxBenefit, isSuccessfullyFunded, progressPercent } from '@/lib/fundraisers/rules';
import { daysLeft, isFundraiserEnded } from '@/lib/fundraisers/status';

const now = new Date('2026-11-22T12:00:00Z');
const future = new Date('2026-12-22T12:00:00Z');
const past = new Date('2026-11-01T12:00:00Z');

describe('spec 4: when a fundraiser has ended', () => {
  it('status_flag 4 means ended even with a future end date', () => {
    expect(isFundraiserEnded({ status_flag: 4, end_date: future }, now)).toBe(true);
  });
  it('a past end date means ended whatever the status', () => {
    expect(isFundraiserEnded({ status_flag: 1, end_date: past }, now)).toBe(true);
    expect(isFundraiserEnded({ status_flag: 5, end_date: past }, now)).toBe(true);
  });
  it('statuses 1 and 5 with a future or no end date are running', () => {
    expect(isFundraiserEnded({ status_flag: 1, end_date: future }, now)).toBe(false);
    expect(isFundraiserEnded({ status_flag: 5, end_date: future }, now)).toBe(false);
    expect(isFundraiserEnded({ status_flag: 1, end_date: null }, now)).toBe(false);
  });
  it('days left round up and are 0 once ended', () => {
    expect(daysLeft({ status_flag: 1, end_date: new Date(now.getTime() + 36 * 3600_000) }, now)).toBe(2);
    expect(daysLeft({ status_flag: 4, end_date: future }, now)).toBe(0);
    expect(daysLeft({ status_flag: 1, end_date: null }, now)).toBeNull();
  });
});

describe('spec 2: card image fallback chain', () => {
  const lb = { cdn_path: '/lb.jpg' };
  const th = { cdn_path: '/th.jpg' };
  const wg = { cdn_path: '/wg.jpg' };
  it('prefers leaderboard, then theater, then widget, then the default', () => {
    expect(cardImage({ leaderboard: lb, theater: th, widget: wg })).toBe('/lb.jpg');
    expect(cardImage({ leaderboard: null, theater: th, widget: wg })).toBe('/th.jpg');
    expect(cardImage({ widget: wg })).toBe('/wg.jpg');
    expect(cardImage({})).toBe(DEFAULT_FUNDRAISER_IMAGE);
  });
  it('skips an image with an empty path', () => {
    expect(cardImage({ leaderboard: { cdn_path: '' }, theater: th })).toBe('/th.jpg');
  });
});

describe('spec 2: TAX Benefit badge', () => {
  it('shows for taxexempted or beneficiary tax_benefit, not otherwise', () => {
    expect(hasTaxBenefit({ taxexempted: true, beneficiary_tax_benefit: false })).toBe(true);
    expect(hasTaxBenefit({ taxexempted: false, beneficiary_tax_benefit: true })).toBe(true);
    expect(hasTaxBenefit({ taxexempted: false, beneficiary_tax_benefit: false })).toBe(false);
  });
});

describe('progress and funding success', () => {
  it('progress is a floored percentage capped at 100', () => {
    expect(progressPercent(2_500, 10_000)).toBe(25);
    expect(progressPercent(99_999, 100_000)).toBe(99);
    expect(progressPercent(30_000, 10_000)).toBe(100);
    expect(progressPercent(100, 0)).toBe(0);
  });
  it('spec 5: successful funding is raised over target above 0.6', () => {
    expect(isSuccessfullyFunded(61, 100)).toBe(true);
    expect(isSuccessfullyFunded(60, 100)).toBe(false);
  });
});
