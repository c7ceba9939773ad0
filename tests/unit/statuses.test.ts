// Every status is named once; these pin the names to the spec's numbers and the one answer per question.
import { acceptsDonations, FUNDRAISER_STATUS, fundraiserStage, isFundraiserEnded, isFundraiserPublished } from '@/lib/fundraisers/status';
import { SIP_STATUS, hasActiveSubscription, sipStatusOf } from '@/lib/sip/status';
import { ACTIVE_SIP_STATUS_FLAGS, INACTIVE_USER_SIP_STATUS_FLAGS } from '@/lib/constants/sip';

const now = new Date('2026-11-22T12:00:00Z');
const future = new Date('2026-12-22T12:00:00Z');
const past = new Date('2026-11-01T12:00:00Z');

describe('fundraiser statuses', () => {
  it('spec 4 numbers: 1 and 5 run, 4 has ended', () => {
    expect([FUNDRAISER_STATUS.live, FUNDRAISER_STATUS.liveAlt, FUNDRAISER_STATUS.ended]).toEqual([1, 5, 4]);
  });

  it.each([
    [FUNDRAISER_STATUS.draft, future, 'draft'],
    [FUNDRAISER_STATUS.underReview, future, 'under_review'],
    [FUNDRAISER_STATUS.rejected, null, 'rejected'],
    [FUNDRAISER_STATUS.live, future, 'running'],
    [FUNDRAISER_STATUS.liveAlt, null, 'running'],
    [FUNDRAISER_STATUS.live, past, 'ended'],
    [FUNDRAISER_STATUS.ended, future, 'ended'],
    // a flag nobody defined is never taken for a public fundraiser
    [9, future, 'draft'],
  ] as const)('status %i ending %s is %s', (status_flag, end_date, stage) => {
    expect(fundraiserStage({ status_flag, end_date }, now)).toBe(stage);
  });

  it('only a running fundraiser takes donations; drafts and reviews are neither public nor ended', () => {
    const at = (status_flag: number, end_date: Date | null) => ({ status_flag, end_date });
    expect(acceptsDonations(at(FUNDRAISER_STATUS.live, future), now)).toBe(true);
    for (const f of [at(FUNDRAISER_STATUS.draft, future), at(FUNDRAISER_STATUS.underReview, null), at(FUNDRAISER_STATUS.rejected, future), at(FUNDRAISER_STATUS.ended, future), at(FUNDRAISER_STATUS.live, past)]) {
      expect(acceptsDonations(f, now)).toBe(false);
    }
    expect([FUNDRAISER_STATUS.draft, FUNDRAISER_STATUS.underReview, FUNDRAISER_STATUS.rejected].map((s) => isFundraiserPublished({ status_flag: s }))).toEqual([false, false, false]);
    expect(isFundraiserEnded(at(FUNDRAISER_STATUS.draft, past), now)).toBe(false);
  });
});

describe('SIP statuses', () => {
  it('every name but cancelled, completed and lapsed is an active SIP (spec 4), and every paused one goes to the inactive-user page', () => {
    const { cancelled, completed, lapsed, ...counting } = SIP_STATUS;
    expect([...Object.values(counting)].sort()).toEqual([...ACTIVE_SIP_STATUS_FLAGS].sort());
    expect([SIP_STATUS.pausedByDonor, SIP_STATUS.paymentFailing, SIP_STATUS.awaitingMandate].sort()).toEqual([...INACTIVE_USER_SIP_STATUS_FLAGS].sort());
    expect([sipStatusOf(SIP_STATUS.active), sipStatusOf(SIP_STATUS.pausedByDonor), sipStatusOf(cancelled)]).toEqual(['active', 'paused', 'stopped']);
    expect(hasActiveSubscription([cancelled])).toBe(false);
    expect([sipStatusOf(completed), hasActiveSubscription([completed])]).toEqual(['stopped', false]);
    // a SIP that never started is no SIP of the donor's any more
    expect([sipStatusOf(lapsed), hasActiveSubscription([lapsed])]).toEqual(['stopped', false]);
  });
});
