// What a settled order or a moved mandate means beyond its money, registered with payments (lib/payments/reactions.ts)
// in one place. Every entry point loads this module before anything settles: Next's server (instrumentation.ts), our
// server, the jobs worker, the payment scripts and the integration tests' setup. Each domain's code loads at its first
// use, so loading this stays cheap and a test's module mocks still apply to it.
import { registerMandateReaction, registerOrderReaction } from './payments/reactions';
import { registerAttachmentRenderer } from './outbox/attachments';
import { TAX_RECEIPT_ATTACHMENT } from './constants/tax';

// a SIP month moves its subscription on (next date and tenure, or retry, pause, new mandate); its receipt names the next debit
registerOrderReaction('sip', {
  settled: async (tx, order) => (await import('./sip/settled')).afterSipCharge(tx, order),
  receipt: async (tx, order, origin) => (await import('./sip/links')).sipReceiptLines(tx, order, origin),
});

// a paid premium pays its policy and starts its cover (once)
registerOrderReaction('insurance', {
  settled: async (tx, order) => {
    if (order.status === 'success') await (await import('./insurance/settled')).afterInsurancePremium(tx, order);
  },
});

registerMandateReaction({
  // the SIPs a mandate pays start, move to it, or wait for a new one
  moved: async (tx, mandate, status) => (await import('./sip/mandate-events')).onMandateMoved(tx, mandate, status),
  // a mandate that just became the donor's method: the ones it replaced are ended at their banks
  afterCommit: async (db, mandateId, status, ctx) => {
    if (status === 'active') await (await import('./sip/mandate-release')).releaseSupersededMandates(db, mandateId, ctx);
  },
});

// an 80G gift's receipt email carries the receipt's PDF, rendered as the email is sent
registerAttachmentRenderer(TAX_RECEIPT_ATTACHMENT, async (db, orderId) => (await import('./tax/receipt-file')).taxReceiptFile(db, orderId));
