// Every number of the product spec (sections 1, 2, 4, 5 and 9), named, in one place.
import type { CountryCode } from './phone/countries';
// numbers that browser code reads live beside it; named here too, for the rest of lib/
export { FREQUENT_VISITED_CAMPAIGNS_LIMIT, SHARE_EVENT, TICKER_DESKTOP_HIDE_AFTER_S, TICKER_DESKTOP_SHOW_AT_S, TICKER_MOBILE_HIDE_AFTER_S, TICKER_MOBILE_SHOW_AT_S, TICKER_REDUCE_DONORS_BY, TRACKING_TITLE_LENGTH, UPDATE_REQUEST_MESSAGE_MAX, VISIT_EVENT } from './constants/story';
export { CAROUSEL_ARROWS_ABOVE, CAROUSEL_CARDS_PER_VIEW_DESKTOP, CAROUSEL_CARDS_PER_VIEW_MOBILE } from './constants/listing';
export { IS_LOGGED_IN_COOKIE } from './constants/cookies';
export { IMAGE_WIDTHS } from './constants/media';
export { MAX_ROW_ID } from './constants/ids';
export { ACCOUNT_HOLDER_NAME_MAX, ACCOUNT_HOLDER_NAME_MIN, BANK_ACCOUNT_DIGITS_MAX, BANK_ACCOUNT_DIGITS_MIN, IFSC_PATTERN, WITHDRAWAL_PURPOSE_MAX, WITHDRAWAL_PURPOSE_MIN, WITHDRAWAL_REASON_MAX, WITHDRAWAL_REASON_MIN, WITHDRAWAL_REFERENCE_MAX } from './constants/withdrawals';
export { INDIA_EXTENSION, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PHONE_DIGITS_KEPT } from './constants/people';
export { ANNIVERSARY_OCCASIONS, BANK_TRANSFER_MIN_MAJOR, CARD_BIN_DIGITS, DEDICATION_MESSAGE_MAX, DONATION_AMOUNT_PRESETS, DONATION_DEFAULT_AMOUNTS, MAX_AMOUNT_MAJOR, ORIGIN_CODES, PAYMENT_FORM_PAGE_TYPE, PAYMENT_MODES, PLATFORM_FEE_PERCENT, TIP_MAX_SHARE_OF_DONATION, UPI_POLL_MS, VPA_POLL_MS } from './constants/giving';

// spec 1: platform figures shown in the footer and on the home page (configurable through env): a number and its
// unit, so each locale writes both its own way ('1100 Crs+' in en, '1100 करोड़+' in hi)
export const PLATFORM_FIGURE_UNITS = ['crore', 'lakh', 'million'] as const;
export const PLATFORM_FIGURE_UNIT_SIZE: Record<(typeof PLATFORM_FIGURE_UNITS)[number], number> = { crore: 10_000_000, lakh: 100_000, million: 1_000_000 };
export const PLATFORM_FIGURES = {
  raised: { value: 1100, unit: 'crore' },
  donors: { value: 72, unit: 'lakh' },
  fundraisers: { value: 3.2, unit: 'lakh' },
  followers: { value: 2.5, unit: 'million' },
} as const;
export const DEFAULT_CONTACT_NUMBER = '+91 90000 12345';

// spec 1 and 9: search-engine and share text limits
export const STORY_META_DESCRIPTION_LENGTH = 155;
export const WHATSAPP_SHARE_TEXT_LENGTH = 441;

// spec 9: listings
export const DASHBOARD_FETCH_COUNT = 50;
export const FUNDRAISER_LIST_DEFAULT_LIMIT = 24;
/** issue 16: lists and searches count their matches up to this many, then say "1,000+": an exact count of a common word grows with the catalogue */
export const LIST_COUNT_CAP = 1000;
/** issue 16: carts and orders read the (daily) currency rates at most this often per server */
export const RATES_READ_EVERY_MS = 60_000;
export const FUNDRAISER_LIST_MAX_LIMIT = 100;
export const HOME_TRENDING_COUNT = 12;

// spec 4 and 9: payment timings
export const VPA_PENDING_TIMEOUT_MS = 180000;
export const PAYMENT_RETURN_RECHECK_MS = 10000;
// spec 4: the mobile UPI timer ticks every second and tells screen readers the time left once a minute
export const UPI_TIMER_TICK_MS = 1000;
export const MINUTE_MS = 60_000;
export const SNACKBAR_MS = 3000;
export const SIGNUP_SNACKBAR_MS = 10000;
export const SNACKBAR_LONG_MS = 100000;

// spec 4: fundraiser status flags are named in lib/fundraisers/status.ts

// spec 4: subscription status flags meaning an active SIP, and those sent to the inactive-user page
export const ACTIVE_SIP_STATUS_FLAGS = [1, 2, 4, 5] as const;
export const INACTIVE_USER_SIP_STATUS_FLAGS = [2, 4, 5] as const;

// spec 4: successful funding is raised over target above this ratio
export const SUCCESSFUL_FUNDING_RATIO = 0.6;

// beneficiary relations as stored (in English); each is shown through Story.relations.* messages
export const BENEFICIARY_RELATIONS = ['father', 'mother', 'son', 'daughter', 'brother', 'sister', 'husband', 'wife', 'friend', 'self'] as const;

// spec 3 and 9: cause tree
export const CAUSE = { personalMedical: 20, ngo: 48, creative: 49, ad: 149 } as const;
export const MEDICAL_CAUSE_IDS_FOR_PERSONAL = [4, 7, 59, 103, 150, 156, 159] as const;
export const ALL_MEDICAL_CAUSE_IDS = [...MEDICAL_CAUSE_IDS_FOR_PERSONAL, 160] as const;

// spec 5 and 9: phone, name, images
export const PASSWORD_MIN_LENGTH = 8;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'bmp', 'gif', 'png'] as const;

// spec 9: cookies
export const AUTH_COOKIE_NAME = 'u_auth';
export const AUTH_COOKIE_DAYS = 365;
export const UTM_COOKIE_DAYS = 7;
/** spec 1, 9: the marketing fields a landing URL may carry; each is kept in a cookie of its own name */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** a utm value kept from a URL, a cookie or a body: one line of at most this many characters */
export const UTM_VALUE_MAX = 100;
export const NEXT_PAYMENT_DATE_WINDOW_DAYS = 5;

// spec 9: SIP
export const CAUSE_AMOUNT = 1;
export const DEFAULT_SIP_CAUSE = 'medical';
export const DEFAULT_THANK_YOU_SIP_AMOUNT_INR = 100;
export const SIP_CAUSES = [
  'medical',
  'animals',
  'education',
  'food_hunger',
  'elderly',
  'women_girls',
  'widow',
  'acid_victims',
  'sip_protect',
] as const;
export const INR_ONLY_SIP_CAUSES = ['acid_victims'] as const;

// spec 9: insurance plans (INR)
export const INSURANCE_PLANS = {
  yearly_care: 799,
  yearly_care_plus: 1599,
  monthly_care: 99,
  monthly_care_plus: 199,
  yearly_essentials: 1998,
  yearly_essentials_plus: 3999,
} as const;

// spec 9: referral options and hospitalisation statuses
export const REFERRAL_OPTIONS = [
  'cancer_treatment',
  'accident_treatment',
  'liver_kidney_transplant',
  'heart_operation',
  'premature_baby_care',
  'medicines',
  'memorial',
  'others',
] as const;
export const HOSPITALISATION_STATUSES = [
  'currently_hospitalised',
  'within_6_months',
  'discharged',
  'not_required',
] as const;

// spec 9: payment modes and gateways (values as sent)
// NEFT is issue 15's bank transfer (NEFT/IMPS to an account the gateway opens for the order): spec 9's list names no mode for it
/** NEFT runs in batches and a donor may transfer the next working day: a bank-transfer order waits this long before it expires */
export const BANK_TRANSFER_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** issue 30.8: the sealed cookie naming the carts this browser made, its guest donor's key to their orders' status */
export const CHECKOUT_ACCESS_COOKIE = 'checkout_access';
/** the carts it names at most (the newest kept): a donor's visits of the last days, never an unbounded list */
export const CHECKOUT_ACCESS_MAX_CARTS = 20;
/** as long as an order may wait for its payment (a bank transfer's window), so the donor can follow it to the end */
export const CHECKOUT_ACCESS_MS = BANK_TRANSFER_WINDOW_MS;
export const PAYMENT_GATEWAYS = [
  'stripe',
  'stripeindia',
  'stripe_recurring',
  'juspay',
  'razorpay',
  'razorpay_emandate',
  'phonepe_recurring',
  'payu_recurring',
  'sandbox',
] as const;

// spec 3: origin codes deciding where a failed payment returns

// spec 3: client location fallback
export const FALLBACK_LOCATION = {
  country_code: 'IN',
  country_name: 'India',
  city_name: 'Mumbai',
  region_name: 'Maharashtra',
  latitude: 19.076,
  longitude: 72.8777,
  zip_code: '400001',
} as const;

// white-label host lookups are cached in memory this long
export const WHITE_LABEL_CACHE_MS = 60_000;
/** hosts remembered at once (partners and strangers alike): random Host headers cannot grow the cache without bound */
export const WHITE_LABEL_CACHE_MAX_HOSTS = 1000;
// seconds before a demo fundraiser counts as ending soon (urgent)
export const DAY_MS = 24 * 60 * 60 * 1000;

// Story page (issue 3)
export const PIN_ATTEMPTS_MAX = 5;
export const PIN_ATTEMPTS_WINDOW_MS = 15 * 60 * 1000;
export const PIN_ACCESS_COOKIE = 'pin_access';
export const PIN_ACCESS_DAYS = 30;
export const PIN_ACCESS_MAX_FUNDRAISERS = 20;
export const STORY_UPDATES_PAGE_SIZE = 5;
export const STORY_COMMENTS_PAGE_SIZE = 10;
export const STORY_SUPPORTERS_PAGE_SIZE = 10;
export const STORY_SIMILAR_COUNT = 6;
/** similar fundraisers are read in pages of this many times the count shown, at most this many pages, until enough distinct titles are found */
export const STORY_SIMILAR_SCAN_FACTOR = 2;
export const STORY_SIMILAR_SCAN_PAGES = 5;
export const STORY_SUPPORTING_COUNT = 6;
export const TICKER_DONORS_LIMIT = 10;
export const COMMENT_MAX_LENGTH = 1000;
export const HOME_SECTION_COUNT = 6;
/** issue 16: a sitemap file per block of this many fundraiser ids (about 110 kB of XML at most), whatever the catalogue's size */
export const SITEMAP_IDS_PER_FILE = 1_000;
export const LEAD_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
export const MICRO_CACHE_TTL_MS = 5_000;
export const MICRO_CACHE_MAX_ENTRIES = 500;
/** issue 16: fills (the server fetching a page again to keep it) in flight at once; past it a miss is just answered */
export const MICRO_CACHE_MAX_FILLS = 4;
/** issue 16: past its TTL an entry is still answered this long while one fill refreshes it (nginx's "use stale updating"):
 *  every visitor of a popular search no longer renders it at once when its copy expires. A change still clears it at once */
export const MICRO_CACHE_STALE_MS = 5_000;
// a visitor of a search whose fill is rendering waits this long for it before asking Next itself (nginx's proxy_cache_lock_timeout)
export const MICRO_CACHE_LOCK_MS = 3_000;
/** on SIGTERM the server finishes requests in flight for at most this long before it exits */
export const SHUTDOWN_GRACE_MS = 10_000;
/**
 * issue 30.15: a request, its headers and its whole body, must reach our server within this, else it is answered 408
 * and closed (Node's default held a half-sent body for 5 minutes). A 10 MB picture (spec 5's cap) arrives in it over a
 * 1.4 Mbit/s phone uplink, a JSON body (1 MB at most) over 140 kbit/s
 */
export const REQUEST_BODY_TIMEOUT_MS = 60_000;
/** the headers alone within this: a browser's fit in a packet or two; sending them a byte at a time is the slow-headers attack */
export const REQUEST_HEADERS_TIMEOUT_MS = 10_000;
/** how often Node looks for requests past those times (its default, 30 s, would let one stay half a minute longer) */
export const REQUEST_TIMEOUT_CHECK_MS = 1_000;

// Donations (issue 4)
/** a sane ceiling per donation, in rupees (converted for other currencies) */
export const MAX_DONATION_INR = 10_000_000;
export const CART_LIMIT_PER_IP = { max: 20, windowMs: 10 * 60 * 1000 } as const;
export const CART_LIMIT_PER_EMAIL = { max: 10, windowMs: 10 * 60 * 1000 } as const;
/** a pending order is asked about at its gateway once it is this old (the donor's own page asks sooner) */
export const PENDING_ORDER_RECONCILE_AFTER_MS = 5 * 60 * 1000;
export const FAILED_PAYMENT_PATH = '/payment-failed';
export const ORDER_LIMIT_PER_IP = { max: 30, windowMs: 10 * 60 * 1000 } as const;

// Accounts (issue 5)
export const SIP_HINT_COOKIE = 'sip_state';
export const API_TOKEN_DAYS = AUTH_COOKIE_DAYS;
export const ONE_TIME_CODE_DIGITS = 6;
export const ONE_TIME_CODE_TTL_MS = 10 * 60 * 1000;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** codes sent to one phone or email, and from one address */
export const ONE_TIME_CODE_LIMIT_PER_DESTINATION = { max: 5, windowMs: 60 * 60 * 1000 } as const;
export const ONE_TIME_CODE_LIMIT_PER_IP = { max: 20, windowMs: 60 * 60 * 1000 } as const;
/** issue 31: a new code to the same phone or email only after this wait (the sign-in form counts it down) */
export const ONE_TIME_CODE_RESEND_AFTER_MS = 30 * 1000;
/** a verified phone or email may finish sign-up (verify/details) within this time */
export const VERIFIED_CONTACT_TTL_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_LIMIT_PER_EMAIL = { max: 3, windowMs: 60 * 60 * 1000 } as const;
export const AUTOLOGIN_LINK_TTL_MS = 7 * DAY_MS;
export const LOGIN_LIMIT_PER_IP = { max: 30, windowMs: 15 * 60 * 1000 } as const;
export const LOGIN_LIMIT_PER_EMAIL = { max: 10, windowMs: 15 * 60 * 1000 } as const;
export const SIGNUP_LIMIT_PER_IP = { max: 10, windowMs: 60 * 60 * 1000 } as const;
/** spec 6: the login redirect after a field-sales signup waits this long */
export const FOS_SIGNUP_REDIRECT_DELAY_MS = 1000;
/** spec 6: this utm value (telecalling agents) skips the SIP guard */
export const SIP_GUARD_EXEMPT_UTM = 'internal_impact_calling';
export const USER_ORDERS_PAGE_SIZE = 10;
/** recently unsealed u_auth cookies kept in memory (the token is still checked in the database each time) */
export const UNSEALED_SESSION_CACHE_MAX = 5_000;
export const UNSEALED_SESSION_CACHE_MS = 60_000;

// Outbox sender (email through SMTP_URL)
/** a message is given up (status 'failed') after this many refused sends */
export const OUTBOX_MAX_ATTEMPTS = 5;
export const OUTBOX_SEND_BATCH = 50;
/** a message claimed this long ago by a sender that never finished is sent again */
export const OUTBOX_CLAIM_TIMEOUT_MS = 10 * 60 * 1000;
/** how often a server with SMTP_URL drains the outbox */
export const OUTBOX_SEND_INTERVAL_MS = 30_000;
/** an SMTP server that does not answer within this time counts as a failed attempt */
export const SMTP_TIMEOUT_MS = 10_000;
/** issue 31.4: the email layout's column, the width every mail client shows whole */
export const EMAIL_MAX_WIDTH_PX = 600;
export const SMS_TIMEOUT_MS = 10_000;
/** a payment provider's API call: past this the answer counts as lost (a debit stays pending for its webhook or reconciliation) */
export const GATEWAY_TIMEOUT_MS = 20_000;
/** spec 5 keeps 10 digits of a phone; India is the default country when sending SMS */
export const SMS_DEFAULT_COUNTRY_CODE = '+91';
export const OUTBOX_ERROR_MAX_LENGTH = 500;
/** newest messages listed at /dev/outbox */
export const DEV_OUTBOX_LIST_LIMIT = 100;

// Portfolio (issue 5)
/** the most orders one page of users/me/orders may ask for */
export const USER_ORDERS_MAX_LIMIT = 50;
/** issue 31: the phone country picker lists these first (India, then where most diaspora donors live), then A to Z */
export const PHONE_COUNTRIES_FIRST: readonly CountryCode[] = ['IN', 'US', 'GB', 'AE', 'CA', 'AU', 'SG', 'SA', 'QA', 'KW', 'OM', 'BH', 'MY', 'HK', 'NZ', 'DE', 'NP'];
/** ITU-T E.164: a phone number has at most 15 digits with its country code */
export const PHONE_E164_MAX_DIGITS = 15;
export const INDIA_PINCODE_DIGITS = 6;
export const ADDRESS_MAX_LENGTH = 255;
export const GENDERS = ['male', 'female', 'other'] as const;
/** room for the multipart envelope around an image of IMAGE_MAX_BYTES; a bigger body is refused unread */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** bytes read from the start of a file to recognise an image by its content */
export const IMAGE_SNIFF_BYTES = 32;
/** avatars uploaded before the media pipeline live in DATA_DIR/avatars, served at /media/avatars/{random name}; new ones are media uploads */
export const AVATAR_DIR_NAME = 'avatars';
export const AVATAR_URL_PREFIX = '/media/avatars/';
export const AVATAR_NAME_BYTES = 16;
/** fundraisers listed on /manage/list, newest first */
export const MANAGE_LIST_LIMIT = 100;

// Social sign-in (issue 5)
/** sealed cookie carrying state, PKCE verifier, nonce and redirect_uri from the start route to the callback */
export const SOCIAL_FLOW_COOKIE = 'social_flow';
/** a sign-in at Google or Facebook must come back within this time */
export const SOCIAL_FLOW_TTL_S = 10 * 60;
/** the sign-in page shows a "could not sign you in" message for this ?error= value */
export const SOCIAL_FAILED_ERROR = 'social_failed';
/** provider metadata (discovery document, signing keys) is fetched again after this long */
export const SOCIAL_DISCOVERY_CACHE_MS = 60 * 60 * 1000;
/** a provider or wallet that does not answer within this time fails the sign-in */
export const SOCIAL_PROVIDER_TIMEOUT_MS = 10_000;
/** clock skew allowed when checking a Google One Tap ID token's expiry */
export const ONE_TAP_CLOCK_TOLERANCE_S = 5;
/** Google's double-submit CSRF cookie and form field for One Tap posts */
export const ONE_TAP_CSRF_COOKIE = 'g_csrf_token';
export const TRUECALLER_NONCE_COOKIE = 'tc_nonce';
export const TRUECALLER_NONCE_TTL_S = 10 * 60;
/** a signed caller-verification profile older than this is refused (replay) */
export const TRUECALLER_PAYLOAD_MAX_AGE_MS = 10 * 60 * 1000;
/** a profile stamped this far in the future is refused (clock skew allowance) */
export const TRUECALLER_FUTURE_SKEW_MS = 60 * 1000;
export const GOOGLE_ONE_TAP_SCRIPT = 'https://accounts.google.com/gsi/client';

// Hardening (issue 9)
/** JSON bodies larger than this are refused (413) before they are read in full; uploads have their own limit */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** issue 30.13: arrays and objects inside one another in an input, at most this deep (the API's deepest payload has 3); deeper is a 400 */
export const JSON_INPUT_MAX_DEPTH = 32;
/** wrong PINs for one private fundraiser, from everyone together, before it locks for the rest of the window */
export const PIN_ATTEMPTS_MAX_PER_FUNDRAISER = 30;
export const PIN_FUNDRAISER_LOCK_WINDOW_MS = 60 * 60 * 1000;
/** the header our server sets to the client address it worked out (any incoming value is dropped) */
export const CLIENT_ADDRESS_HEADER = 'x-sahyog-client-address';
/** how often a server reconciles pending orders with their gateways */
export const RECONCILE_INTERVAL_MS = 2 * 60 * 1000;
/** an order nobody paid is failed ('expired') this long after it was placed: the gateways' own checkout expiry */
export const ORDER_PAYMENT_WINDOW_MS = 60 * 60 * 1000;
/** the job runner's tables live in their own schema (pg-boss) */
export const JOBS_SCHEMA = 'pgboss';
/** a claimed job whose worker has not finished it this long is taken to be abandoned and offered again */
export const JOB_CLAIM_EXPIRY_S = 10 * 60;
/** how often a worker looks for jobs, and how often the runner expires abandoned claims */
export const JOB_POLL_INTERVAL_S = 2;
export const JOB_MAINTENANCE_INTERVAL_S = 30;
/** a failing job is tried again this many times, waiting this long and doubling each time */
export const JOB_RETRY_LIMIT = 5;
export const JOB_RETRY_DELAY_S = 30;
/** how often the currency_rates table is refreshed from CURRENCY_RATES_URL */
export const CURRENCY_RATES_REFRESH_MS = 6 * 60 * 60 * 1000;
/** committed changes to fundraisers are announced on this NOTIFY channel; every server expires its cached pages */
export const CACHE_CHANNEL = 'sahyog_cache';
/** the most fundraisers one announcement names (one payment touches one, a SIP month a few) */
export const NOTIFIED_FUNDRAISERS_MAX = 100;
/** a dropped listening connection is opened again after this long */
export const LISTEN_RECONNECT_MS = 2_000;
/** scheduled tasks run through this route of our own, called by the server's timer with a per-process token */
export const INTERNAL_TASK_PATH = '/api/internal/tasks';
export const INTERNAL_TASK_HEADER = 'x-internal-task-token';
export const INTERNAL_TASK_TOKEN_ENV = 'SAHYOG_INTERNAL_TASK_TOKEN';
/** share previews (og:image): social apps show rasters, not SVG, at 1.91:1 */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const SHARE_IMAGE_QUALITY = 82;
/** made once per fundraiser image, kept under DATA_DIR */
export const SHARE_IMAGE_DIR_NAME = 'share-images';
export const IMAGE_WEBP_QUALITY = 72;
/** rasters drawn from the demo's pictures, kept under DATA_DIR */
export const IMAGE_CACHE_DIR_NAME = 'image-cache';

// Media uploads (issue "Media"): fundraiser and profile pictures, decoded and stored again without their metadata
/** stored pictures live in DATA_DIR/uploads (or under uploads/ in the S3 bucket) and are served at /media/uploads/{key} */
export const MEDIA_UPLOAD_DIR_NAME = 'uploads';
export const MEDIA_UPLOAD_URL_PREFIX = '/media/uploads/';
/** one random id of this many bytes names every size of an upload: {id}-{variant}.{ext} */
export const MEDIA_UPLOAD_ID_BYTES = 16;
/** the most pixels a picture may have before it is decoded (a small file can unpack to gigabytes); 48 MP phone photos fit */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
/** fundraiser card (600 px wide), story picture (1200 px wide at most, never enlarged), share preview (1200x630) */
export const MEDIA_CARD_WIDTH = 600;
export const MEDIA_STORY_WIDTH = 1200;
export const MEDIA_SHARE_WIDTH = SHARE_IMAGE_WIDTH;
export const MEDIA_SHARE_HEIGHT = SHARE_IMAGE_HEIGHT;
/** profile pictures: one square */
export const MEDIA_AVATAR_SIZE = 256;
export const MEDIA_WEBP_QUALITY = 80;
export const MEDIA_JPEG_QUALITY = SHARE_IMAGE_QUALITY;
/** a share preview of a transparent picture gets this behind it (JPEG has no transparency) */
export const MEDIA_SHARE_BACKGROUND = '#ffffff';
/** S3_REGION when unset; S3-compatible services (R2, MinIO) accept any region name */
export const MEDIA_S3_DEFAULT_REGION = 'us-east-1';

// issue 30.14: image work (decoding and resizing uploads, drawing the demo's rasters) runs in one queue per server, of
// bounded concurrency (lib/media/image-work.ts), with a budget across accounts: past it an upload is refused with 429
/** cores left to answer requests while pictures are decoded: image work runs on the others, one picture per core */
export const IMAGE_WORK_SPARE_CORES = 1;
/** libuv's own thread pool size, kept for file reads, scrypt, zlib and DNS beside the threads image work takes */
export const THREAD_POOL_OTHER_WORK = 4;
/** pixels of the uploads in image work (decoding or waiting) per worker: four of the largest pictures we take */
export const IMAGE_WORK_PIXELS_PER_WORKER = 4 * MEDIA_MAX_INPUT_PIXELS;
/** uploads in image work per worker, whatever their size (each waits with its file, up to 10 MB, in memory) */
export const IMAGE_WORK_UPLOADS_PER_WORKER = 8;
/** one account's uploads in image work at once: the rest of the budget stays for everyone else */
export const IMAGE_WORK_UPLOADS_PER_ACCOUNT = 2;
/** what one upload's image work is taken to last until the server has timed one (a large picture on one core) */
export const IMAGE_WORK_ASSUMED_MS = 2_000;

// issue 12, starting a fundraiser: the wizard's rules
/** a goal in the fundraiser's currency, in whole units */
export const FUNDRAISER_GOAL_MIN_MAJOR = 1_000;
export const FUNDRAISER_GOAL_MAX_MAJOR = 10_00_00_000;
/** an end date is at least tomorrow and at most this far ahead */
export const FUNDRAISER_MAX_DAYS = 365;
export const FUNDRAISER_TITLE_MAX = 80;
export const FUNDRAISER_TITLE_MIN = 10;
export const SHORT_DESCRIPTION_MAX = 200;
/** the story's HTML, before sanitising */
export const STORY_HTML_MAX = 50_000;
export const STORY_TEXT_MIN = 50;
export const BENEFICIARY_AGE_MAX = 120;
/** images one draft may hold (cover, beneficiary and in-story together) */
export const DRAFT_IMAGES_MAX = 20;
/** uploads per user per hour */
export const UPLOADS_PER_HOUR = 60;
/** a draft's placeholder address until a reviewer approves it and it gets its real custom_tag */
export const DRAFT_TAG_PREFIX = 'draft-';
/** the wizard's pickers search once the campaigner pauses typing this long */
export const PICKER_SEARCH_DELAY_MS = 200;
/** a YouTube video id as stored for a fundraiser's video; checked again wherever one goes into an embed URL */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** custom_tag from the title: this many characters at most, then a short suffix when taken */
export const CUSTOM_TAG_MAX = 60;
/** the most rows a wizard picker list returns (they are searched with q) */
export const REFERENCE_LIST_MAX = 200;
/** reference lists change rarely: browsers keep them an hour, shared caches a day */
export const REFERENCE_LIST_CACHE = 'public, max-age=3600, s-maxage=86400';
/** dates the product shows or takes as a day are India's (IST has no daylight saving, so the offset is fixed) */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const INDIA_UTC_OFFSET = '+05:30';
/** the window of the per-user upload limit */
export const UPLOADS_WINDOW_MS = 60 * 60 * 1000;

// issue 13, rewards (spec 3, 7)
export const REWARD_TITLE_MIN = 3;
export const REWARD_TITLE_MAX = 80;
export const REWARD_DESCRIPTION_MAX = 500;
export const REWARD_MIN_AMOUNT_MAX_MAJOR = 10_00_000;
export const REWARD_QUANTITY_MAX = 100_000;
/** rewards one fundraiser may offer */
export const REWARDS_PER_FUNDRAISER_MAX = 20;

// issue 13, the campaigner's dashboard
/** days the dashboard's donations chart covers, today included */
export const DASHBOARD_CHART_DAYS = 30;
/** an update's title and text (the text's HTML, before sanitising) */
export const UPDATE_TITLE_MAX = 120;
export const UPDATE_TEXT_MIN = 10;
export const UPDATE_HTML_MAX = 20_000;

// issue 13, withdrawals
/** digits of an account number any answer or page shows */
export const BANK_ACCOUNT_VISIBLE_DIGITS = 4;
/** withdrawals the reviewers' queue lists at once, oldest first */
export const WITHDRAWAL_QUEUE_MAX = 100;

// issue 13, leads (spec 3, 7)
/** a lead's message (about) */
export const LEAD_MESSAGE_MAX = 2000;
/** a lead's cause and city */
export const LEAD_SHORT_TEXT_MAX = 100;
export const LEAD_SUBJECT_MAX = 200;
/** the page a lead was sent from */
export const LEAD_PAGE_MAX = 200;
export const LEAD_UTM_VALUE_MAX = 100;
/** messages to campaigners one client address may send in the window (each lands in a stranger's inbox) */
export const CONTACT_CAMPAIGNER_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
/** lead updates one account may make in the window */
export const LEAD_UPDATE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 } as const;
/** a lead sent signed out may become the visitor's own when they sign up within this time (PUT lead, signup_access) */
export const LEAD_CLAIM_TTL_S = 24 * 60 * 60;
/** leads on one page of the reviewers' list, newest first */
export const LEADS_PAGE_SIZE = 50;

// issue 13, supporting fundraisers (spec 7 supportfundraiser/{custom_tag}): a supporter's own story, shorter than a campaign's
export const SUPPORTING_STORY_TEXT_MIN = 20;
/** the goal first suggested to a supporter: a tenth of the parent's (rounded to a thousand, at least the smallest goal) */
export const SUPPORTING_GOAL_SHARE = 0.1;

// issue 13, the acknowledge form (spec 7), the donors list and CSV, update-email opt-outs
/** a campaigner's thank-you to one donor */
export const ACKNOWLEDGEMENT_MIN = 2;
export const ACKNOWLEDGEMENT_MAX = 1_000;
/** recent successful donations the dashboard lists (the CSV has every one) */
export const DASHBOARD_DONORS_LIMIT = 25;
/** successful donations one CSV export reads from the database at a time */
export const DONORS_CSV_BATCH = 1_000;
/** an update-email unsubscribe token: the address (base64url, at most 254 characters of email) and its signature */
export const UPDATE_OPT_OUT_TOKEN_MAX = 512;

// issue 13, the dashboard's conversations: comment replies and "ask for update" requests (spec 7)
/** recent comments the dashboard lists for replies, newest first */
export const DASHBOARD_COMMENTS_LIMIT = 20;
/** open update requests the dashboard lists, newest first */
export const DASHBOARD_UPDATE_REQUESTS_LIMIT = 50;
/** issue 30.12: updates not public (held for review or declined) the dashboard lists, newest first */
export const DASHBOARD_HELD_UPDATES_LIMIT = 10;
/** issue 30.12: how long the reviewer's word-by-word comparison of a story may take before it shows old and new whole */
export const REVIEW_DIFF_TIMEOUT_MS = 200;

// issue 14: how the sandbox's mandate debits end, as a tester chooses on its authorise page
export const SANDBOX_MANDATE_OUTCOMES = ['success', 'insufficient_funds', 'technical', 'mandate_revoked'] as const;
/** a SIP's mandate may debit up to this many times its monthly amount (room to raise the pledge without a new mandate) */
export const SIP_MANDATE_HEADROOM = 3;
/**
 * issue 30.3: a SIP whose first mandate the donor has not authorised this many days after it was set up lapses (status 7)
 * and is never charged. A week: an e-mandate's bank confirms within a few working days of the donor's authorisation (a
 * SIP whose authorisation reached the provider in time still starts), and a donor who left the mandate step a week ago
 * has moved on; a late authorisation must not start debits they no longer expect.
 */
export const SIP_MANDATE_LAPSE_DAYS = 7;
/** issue 30.3: how many of a donor's other SIPs one payment-method change may move with it */
export const SIP_METHOD_CHANGE_MAX_SIPS = 20;

// issue 14, SIP rules (spec 5 and 9): lib/sip/rules.ts reads these
/** spec 3 and 9: the twelve currencies a SIP may be in */
export const SIP_CURRENCIES = ['INR', 'USD', 'GBP', 'EUR', 'AED', 'SGD', 'SAR', 'CAD', 'HKD', 'QAR', 'AUD', 'MYR'] as const;
/** spec 9: the smallest monthly amount of each cause of a SIP, in major units of its currency */
export const SIP_MINIMUMS_MAJOR: Record<(typeof SIP_CURRENCIES)[number], number> = {
  INR: 100, USD: 10, GBP: 10, EUR: 10, AED: 20, SGD: 30, SAR: 50, CAD: 10, HKD: 10, QAR: 10, AUD: 10, MYR: 10,
};
/** spec 5: the monthly amount is rounded up so its last two digits read 00 or 50, i.e. to the next multiple of 50 */
export const SIP_ROUNDING_STEP_MAJOR = 50;
/** spec 5: the UPI handles (the part after @) a SIP's UPI AutoPay may use; a broader list serves one-time UPI */
export const SIP_UPI_HANDLES = ['upi', 'ybl', 'axl', 'ibl', 'apl', 'okhdfcbank', 'okaxis', 'okicici', 'oksbi', 'ptyes', 'ptaxis', 'ptsbi', 'pthdfc'] as const;
/** spec 9: the payment modes that set up a recurring mandate */
export const SIP_PAYMENT_METHODS = ['Emandate', 'UPIRECURRING', 'CARD'] as const;
/** spec 5: an e-mandate donor's first name shorter than this gets EMANDATE_FIRST_NAME_SUFFIX appended (Razorpay refuses customer names under 3 characters) */
export const EMANDATE_FIRST_NAME_MIN_LENGTH = 3;
/** the spec names no suffix: a plain word, allowed in a mandate's customer name (letters only) and honest on a bank statement */
export const EMANDATE_FIRST_NAME_SUFFIX = 'Donor';
/** months between two debits of a SIP (1 is monthly) and the longest tenure one may choose; none is set by the spec */
export const SIP_MONTH_INTERVAL_MAX = 12;
export const SIP_TENURE_MAX_MONTHS = 120;

// issue 14: managing a SIP (lib/sip/manage.ts) and its signed email links (lib/sip/links.ts)
/** what a signed SIP email link may do: one purpose per link */
export const SIP_LINK_ACTIONS = ['lower', 'pause', 'skip', 'cancel', 'change_method', 'resume'] as const;
/** a SIP email link works this long after the email is written, then it is refused */
export const SIP_ACTION_LINK_TTL_MS = 14 * DAY_MS;
/** Issue 31.4: a receipt email's signed link opens that receipt without signing in until it expires (a tax season). */
export const RECEIPT_LINK_TTL_MS = 180 * DAY_MS;
/** The query parameter that carries a receipt link's signature. */
export const RECEIPT_LINK_PARAM = 'receipt_token';
/** a donor may pause a SIP for 1 to 3 months; it resumes by itself after */
export const SIP_PAUSE_MONTHS_MIN = 1;
export const SIP_PAUSE_MONTHS_MAX = 3;
/** the optional reason a donor gives when cancelling a SIP */
export const SIP_CANCEL_REASON_MAX = 500;
/** how often the job runner looks for paused SIPs whose pause has ended */
export const SIP_RESUME_INTERVAL_MS = 60 * MINUTE_MS;

// issue 14, the SIP charge run (lib/sip/charge-due.ts): pre-debit notices, charges, retries, where the money goes
/** how often the job offers a run: charges land within this long of their date; under a day, so every notice window is seen */
export const SIP_CHARGE_INTERVAL_MS = 60 * MINUTE_MS;
/** due subscriptions read from the database at a time */
export const SIP_CHARGE_BATCH = 200;
/** charges under way at once in one run: every month of a cause credits the same few fundraisers, whose row locks
 *  serialise the settling, so more in flight only lengthens the waits (bench:sip: 8 was slower than 4) */
export const SIP_CHARGE_CONCURRENCY = 4;
/** the Indian recurring-payment rule: a debit's notice goes out at least this long before it, and at most this long */
export const SIP_PRE_DEBIT_MIN_NOTICE_MS = DAY_MS;
export const SIP_PRE_DEBIT_MAX_NOTICE_MS = 2 * DAY_MS;
/** a declined debit (insufficient funds) is tried again 2 days later, then 4 days after that; then the SIP is paused */
export const SIP_RETRY_INSUFFICIENT_FUNDS_DAYS = [2, 4] as const;
/** a technical failure is tried again this many hours later, at most this many times */
export const SIP_RETRY_TECHNICAL_HOURS = 3;
export const SIP_RETRY_TECHNICAL_TRIES = 3;
/** a month lost to a revoked or expired mandate is charged once if a new mandate comes within this many days of its date */
export const SIP_MISSED_PERIOD_GRACE_DAYS = 10;
/** a SIP month for a cause is shared among this many of its live fundraisers, the most in need first */
export const SIP_SPLIT_FUNDRAISERS = 5;
/** a second payment for one SIP month is looked for (and sent back) among successful orders this recent */
export const SIP_DUPLICATE_LOOKBACK_DAYS = 30;
/** where a SIP email sends the donor to manage it (signed one-tap links come from lib/sip's action links) */
export const SIP_MANAGE_PATH = '/sip';
/** where monthly giving starts (issue 14) */
export const SIP_SUBSCRIBE_PATH = '/new/sip';

// issue 14, Razorpay recurring: a mandate's authorisation payment (e-mandates authorise for 0; UPI AutoPay and cards need
// the smallest debit Razorpay takes, refunded by Razorpay) and how long the token is valid (the donor may stop it any time)
export const RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR = { Emandate: 0, UPIRECURRING: 100, CARD: 100 } as const;
export const MANDATE_VALID_YEARS = 10;

// issue 15: account utilities
/** POST admin/verify (does this email have an account): checks per client address, no looser than sign-up's own limit */
export const EMAIL_CHECK_LIMIT_PER_IP = { max: 10, windowMs: 60 * MINUTE_MS } as const;
/** POST push-notifications: subscriptions stored or refreshed per client address */
export const PUSH_SUBSCRIBE_LIMIT_PER_IP = { max: 30, windowMs: 60 * MINUTE_MS } as const;
/** a Web Push endpoint URL is at most this long (browsers' are under 500 characters) */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** the push services browsers subscribe with (Chrome, Edge, Firefox, Safari): we only ever send to these hosts */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const;
/** how long a push service keeps a message for an offline browser */
export const PUSH_TTL_S = 24 * 60 * 60;
/** how long we wait for a push service to take one message */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** a push message's JSON before encryption: one aes128gcm record (4096 bytes) less its overhead, with room to spare */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
/** the browser's user agent kept with its subscription, cut to this length */
export const PUSH_USER_AGENT_MAX = 300;
/** GET system-events: counts per entity are kept this long in memory (and by browsers and CDNs) */
export const SYSTEM_EVENT_COUNTS_CACHE_MS = 30_000;
export const SYSTEM_EVENT_COUNTS_CACHE_MAX = 1000;
/** GET system-events: at most this many event names asked for at once */
export const SYSTEM_EVENT_NAMES_MAX = 20;
/** GET paytm/login-code: the signed state of a wallet login, and the cookie that ties it to this browser, last this long */
export const PAYTM_LOGIN_STATE_TTL_S = 10 * 60;
export const PAYTM_LOGIN_COOKIE = 'paytm_login';
/** where the wallet sends the person back with ?code=&state= (the sign-in page, which calls callback/paytm) */
export const PAYTM_LOGIN_RETURN_PATH = '/new/signin';
/** the scope our wallet client asks for, as in its token exchange (lib/auth/social/paytm.ts) */
export const PAYTM_LOGIN_SCOPE = 'paytm';

// issue 15: more ways to give (spec 2 /new/standalonetip and /new/anniversary)
/** a standalone tip to the platform: its presets per currency (the first row the page offers) */
export const STANDALONE_TIP_PRESETS: Record<string, readonly number[]> = { INR: [51, 101, 251, 501], default: [2, 5, 10, 20] };

// issue 15: listings and fundraiser page calls
/** the visitor's cookie id (spec 7 trending with cookie id; campaign visits count once per visitor and day); set by POST visit */
export const VISITOR_COOKIE = 'cookie_id';
export const VISITOR_COOKIE_DAYS = 365;
/** a visitor id is this many random bytes, base64url; a cookie not shaped like one is ignored */
export const VISITOR_ID_BYTES = 16;
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** the trending story: the success story with the most supporters over this many days (spec 7 trending story) */
export const TRENDING_STORY_WINDOW_DAYS = 30;
/** ended fundraisers with recent supporters are read this many at a time, at most this many pages, to find a success story */
export const TRENDING_STORY_SCAN_BATCH = 20;
export const TRENDING_STORY_SCAN_PAGES = 5;
/** largest gifts the donor card names */
export const DONOR_CARD_TOP_DONORS = 3;
/** the story summary in the share text, as the story page cuts it */
export const STORY_SHARE_SUMMARY_LENGTH = 300;
/** spec 7 contribute-now: the click is kept as this system event (beside campaign_visit and share_click) */
export const CONTRIBUTE_EVENT = 'contribute_now';
/** the channels the story's share menu records (share_click info_2) */
export const SHARE_CHANNELS = ['whatsapp', 'facebook', 'copy'] as const;
/** most banners one site shows at once (the first is the home banner) */
export const BANNERS_MAX = 5;
/** public listings (trending, urgent, success stories, trending story): a shared cache keeps them a minute */
export const LISTING_CACHE = 'public, max-age=0, s-maxage=60';
/** trending in one visitor's order: only their browser keeps it */
export const VISITOR_LISTING_CACHE = 'private, max-age=60';
/** a public fundraiser's cards (header, donor card, share card, shares, campaign count): as GET fundraiser does */
export const STORY_CARD_CACHE = 'public, max-age=0, s-maxage=30';
/** similar fundraisers: the story page refreshes them every 10 minutes */
export const SIMILAR_CACHE = 'public, max-age=0, s-maxage=600';
export const BANNER_CACHE = 'public, max-age=300, s-maxage=300';
export const EVENT_CACHE = 'public, max-age=300, s-maxage=3600';
/** spec 4: the payment modes whose order waits for a UPI app (intent on a phone, QR code on a desktop) */
export const UPI_LINK_MODES = ['UPI', 'DESKTOPQR'] as const;
/** UPI takes rupees only */
export const UPI_CURRENCY = 'INR';
/** NPCI's linking spec: the note (tn) a UPI app shows is at most this long */
export const UPI_NOTE_MAX_LENGTH = 50;
/** the UPI payee of each gateway that lets us build the intent link ourselves; the sandbox's is a test address */
export const UPI_PAYEES: Readonly<Record<string, { vpa: string; name: string }>> = { sandbox: { vpa: 'sahyog.sandbox@upi', name: 'Sahyog Sandbox' } };
/** how many fundraisers in need anniversary giving offers to choose from */
export const ANNIVERSARY_FUNDRAISER_CHOICES = 6;

// issue 15: insurance plans (spec 9)
// (the six premiums are INSURANCE_PLANS above; lib/insurance/plans.ts names them)
/** the insurer a premium is paid to: the ledger credits insurance:{vendor} (spec 3 insurance plan field vendor) */
export const INSURANCE_VENDOR = 'sahyog-care';
/** premiums are quoted and charged in rupees only (spec 9 lists rupee amounts) */
export const INSURANCE_CURRENCY = 'INR';
/** how long one paid premium covers, from the day it is paid */
export const INSURANCE_COVER_MONTHS = { yearly: 12, monthly: 1 } as const;
/** who the insured person is to the buyer */
export const INSURED_RELATIONS = ['self', 'spouse', 'son', 'daughter', 'father', 'mother'] as const;
/** an insured person's date of birth lies at most this many years back */
export const INSURED_AGE_MAX_YEARS = 100;
/** policy creations, changes and premium payments per client address */
export const INSURANCE_WRITE_LIMIT_PER_IP = { max: 30, windowMs: 60 * MINUTE_MS } as const;
/** the plans page and a policy's own page (the payment comes back to /insurance/{id}?oi=) */
export const INSURANCE_PATH = '/insurance';
/** spec 7 POST coupon: checks one address may make per window (coupon codes are guessable words) */
export const COUPON_CHECKS_PER_IP = { max: 30, windowMs: 10 * 60 * 1000 } as const;
/** spec 8: wallet payments (spec 9 modes) whose non-success says only this */
export const WALLET_MODES: readonly string[] = ['PAYTM', 'PAYTMMA'];
export const WALLET_RETRY_MESSAGE = 'Please try again';
/** spec 7 GET tickr: how many of the platform's latest gifts, and how long a shared cache may keep them */
export const TICKR_LIMIT_DEFAULT = 10;
export const TICKR_LIMIT_MAX = 30;
export const TICKR_CACHE = 'public, max-age=15, s-maxage=30';
/** spec 9 prize amounts: the Sahyog credit a prize adds, per currency (lib/payments/wallet.ts) */
export const PRIZE_AMOUNT_MAJOR: Readonly<Record<string, number>> = { INR: 300, USD: 60, AED: 60, EUR: 30, GBP: 30, SAR: 30, SGD: 30 };
/** the gateway value of a gift paid from Sahyog credit (spec 7 POST redeem amount) */
export const WALLET_GATEWAY = 'wallet';

// Database upkeep where autovacuum does not run (PGlite has no background workers; a server may have it off): the
// job vacuums and analyzes a table once it changed past autovacuum's own default thresholds (PostgreSQL's docs, 24.1.6)
export const DB_UPKEEP_INTERVAL_MS = 5 * MINUTE_MS;
export const UPKEEP_VACUUM_DEAD_ROWS = 50;
export const UPKEEP_VACUUM_DEAD_SHARE = 0.2;
export const UPKEEP_VACUUM_INSERTED_ROWS = 1000;
export const UPKEEP_VACUUM_INSERTED_SHARE = 0.2;
export const UPKEEP_ANALYZE_CHANGED_ROWS = 50;
export const UPKEEP_ANALYZE_CHANGED_SHARE = 0.1;

// issue 31.6: the proof a medical fundraiser is sent for review with, kept private to reviewers
export const PROOF_DOCUMENT_KINDS = ['medical_estimate', 'beneficiary_id'] as const;
export type ProofDocumentKind = (typeof PROOF_DOCUMENT_KINDS)[number];
// issue 31.1: a hospital entered by hand (name and city)
export const NEW_HOSPITAL_NAME_MAX = 150;
export const NEW_HOSPITAL_CITY_MAX = 80;
