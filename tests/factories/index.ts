// What integration tests build their world from, through the product's own functions (see each file).
export { freshDb, referenceData, unique } from './database';
export { makeNgo, makeReviewer, makeUser, type UserOverrides } from './users';
export { makeApprovedFundraiser, makeDraft, makeEndedFundraiser, makeFundraiser, makeNgoFundraiser, makeSentBack, makeUnderReview } from './fundraisers';
export { makeCart, makeGift, makeOrder, settleOrder, type CartValues } from './donations';
export { makeMandate, makeSubscription } from './sips';
