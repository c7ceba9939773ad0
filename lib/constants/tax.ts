// India's income-tax rules for gifts to NGOs (section 80G): receipts, the donor's PAN and the NGO's Form 10BD statement.
// Browser code (the payment form) reads this file: it imports nothing.

/** India's financial year runs April to March: its first month (1-12) */
export const FINANCIAL_YEAR_FIRST_MONTH = 4;

/** a PAN: five letters, four digits, a letter (AAAAA9999A) */
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

/** what starts every 80G receipt number: 80G/<financial year>/<serial> */
export const RECEIPT_NUMBER_PREFIX = '80G';
/** a receipt's serial is padded to this many digits: 80G/2026-27/000042 */
export const RECEIPT_SERIAL_DIGITS = 6;

/** the currency an 80G receipt and Form 10BD count in */
export const TAX_RECEIPT_CURRENCY = 'INR';

/** Form 10BD: the income-tax portal takes at most this many rows in one uploaded file */
export const FORM_10BD_MAX_ROWS_PER_FILE = 25_000;
/** Form 10BD: a cash gift above this (in paise; ₹2,000) earns no 80G deduction (section 80G(5D)) */
export const FORM_10BD_CASH_LIMIT_MINOR = 2_000_00;
/** Form 10BD is due by 31 May after the financial year: day and month */
export const FORM_10BD_DUE_DAY = '31 May';
export const FORM_10BD_DUE = { month: 5, day: 31 } as const;

/** Form 10BD Part B: the columns of the income-tax portal's CSV upload template, in its order */
export const FORM_10BD_COLUMNS = [
  'Sr. No.',
  'Pre Acknowledgement Number',
  'ID Code',
  'Unique Identification Number',
  'Section Code',
  'Unique Registration Number (URN)',
  'Date of Issuance of Unique Registration Number',
  'Name of donor',
  'Address of donor',
  'Donation Type',
  'Mode of receipt',
  'Amount of donation (Indian rupees)',
] as const;

/** Form 10BD ID codes: which document the donor's identification number is */
export const FORM_10BD_ID_CODE = { pan: 1, aadhaar: 2, foreignTaxId: 3, passport: 4, voterId: 5, drivingLicence: 6, rationCard: 7 } as const;
/** Form 10BD section codes: the registration the gift is reported under */
export const FORM_10BD_SECTION_CODE_80G = 'Section 80G';
/** Form 10BD donation types */
export const FORM_10BD_DONATION_TYPE = { corpus: 'Corpus', specificGrant: 'Specific grant', others: 'Others' } as const;
/** Form 10BD modes of receipt */
export const FORM_10BD_MODE = { cash: 'Cash', kind: 'Kind', electronic: 'Electronic modes including account payee cheque/draft', others: 'Others' } as const;
/** the stored payment modes that are money handed over in notes (none is taken online today; the desk may record one) */
export const CASH_PAYMENT_MODES: readonly string[] = ['CASH'];

/** the outbox's attachment kind of an 80G receipt's PDF (lib/outbox/attachments.ts) */
export const TAX_RECEIPT_ATTACHMENT = '80g-receipt';

/** a donor's postal address for an 80G receipt and Form 10BD: at least a house and a town, at most what a form line holds */
export const DONOR_ADDRESS_MIN_LENGTH = 5;
export const DONOR_ADDRESS_MAX_LENGTH = 300;

/** an 80G registration number (URN) as the tax portal issues it: letters and digits (e.g. AAATA1234FF20214), 8 to 30 */
export const URN_PATTERN = /^[A-Z0-9]{8,30}$/;
