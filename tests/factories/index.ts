// What integration tests build their world from, through the product's own functions (see each file).
export { freshDb, referenceData, unique } from './database';
export { makeHospitalDesk, makeNgo, makeReviewer, makeStaff, makeUser, type UserOverrides } from './users';
export {
  addCausePicture,
  makeApprovedFundraiser,
  makeComment,
  makeDraft,
  makeEndedFundraiser,
  makeFundraiser,
  makeNgoFundraiser,
  makePrivateFundraiser,
  makeSentBack,
  makeUnderReview,
  makeUpdate,
} from './fundraisers';
export { makeCart, makeGift, makeOrder, settleOrder, type CartValues } from './donations';
export { makeMandate, makeSubscription } from './sips';
export { makeBanner, makeCoupon, makeEvent } from './campaigns';
export { addPayoutAccount, billFile, makeWithdrawal } from './withdrawals';
