// A person's name and phone numbers (spec 5) in a file of their own because every form's browser code reads them.
export const PHONE_DIGITS_KEPT = 10;
export const NAME_MAX_LENGTH = 50;
export const NAME_MIN_LENGTH = 2;
/** spec 5: the Indian mobile pattern and 6-digit pincodes apply to this dialling code */
export const INDIA_EXTENSION = '+91';
/** the country that dialling code names, what a phone field shows before its country list arrives */
export const INDIA_COUNTRY = 'IN';
