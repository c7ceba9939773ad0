// One Drizzle pg-core schema for every entity of spec section 3. Money is integer minor units + ISO code.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const entityType = pgEnum('entity_type', ['individual', 'ngo']);
export const mediaKind = pgEnum('media_kind', ['leaderboard', 'theater', 'widget', 'gallery', 'video', 'beneficiary', 'editor']);
export const orderStatus = pgEnum('order_status', ['created', 'pending', 'success', 'failed', 'refunded']);
/** a charge is a one-time gift or one month of a SIP */
export const orderKind = pgEnum('order_kind', ['one_time', 'sip', 'tip', 'insurance']);
export const mandateStatus = pgEnum('mandate_status', ['created', 'active', 'paused', 'cancelled', 'failed']);
export const refundStatus = pgEnum('refund_status', ['pending', 'processed', 'failed']);
export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const tokenKind = pgEnum('token_kind', ['api', 'password_reset', 'autologin']);
/** a campaigner's request for money raised: a reviewer approves or rejects it, and marks an approved one paid */
export const withdrawalStatus = pgEnum('withdrawal_status', ['requested', 'approved', 'rejected', 'paid']);
/** a live fundraiser's change of words: public at once, or held for a reviewer who approves or declines it */
export const fundraiserEditStatus = pgEnum('fundraiser_edit_status', ['published', 'pending', 'approved', 'declined', 'replaced']);
/** an update is public at once, or held for a reviewer when the screening flags it */
export const updateReviewStatus = pgEnum('update_review_status', ['published', 'held', 'declined']);

/** what lib/content/screening.ts found in a text, kept for the reviewer */
type StoredScreeningFlag = { kind: string; field: string; found: string };

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    full_name: text('full_name').notNull(),
    email: text('email').notNull(),
    phone_1: text('phone_1'),
    extension: text('extension'),
    /** the phone in E.164 (+<code><number>), kept by the database from extension (India when none) and phone_1 */
    phone_e164: text('phone_e164').generatedAlwaysAs(
      sql`case when phone_1 ~ '^[0-9]{4,14}$' then '+' || coalesce(nullif(ltrim(btrim(extension), '+'), ''), '91') || phone_1 end`,
    ),
    pincode: text('pincode'),
    entity_type: entityType('entity_type').notNull().default('individual'),
    gender: text('gender'),
    avatar: text('avatar'),
    is_hospital: boolean('is_hospital').notNull().default(false),
    is_fos: boolean('is_fos').notNull().default(false),
    /** spec 6: a hospital user (is_hospital) sees, read only, the fundraisers naming this hospital */
    hospital_id: integer('hospital_id').references((): AnyPgColumn => hospitals.id),
    pan_number: text('pan_number'),
    address_1: text('address_1'),
    is_dummy_email: boolean('is_dummy_email').notNull().default(false),
    // when the person proved they own the email / phone (a code, a reset or sign-in link, a provider's word)
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    phone_verified_at: timestamp('phone_verified_at', { withTimezone: true }),
    password_hash: text('password_hash'),
    registration_source: text('registration_source').notNull().default('direct'),
    is_subscribed: boolean('is_subscribed').notNull().default(true),
    session_version: integer('session_version').notNull().default(1),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_phone_idx').on(t.phone_1),
    index('users_phone_e164_idx').on(t.phone_e164),
  ],
);

// NGO / hospital / company details a user acts for (creator_entity_details_id, entity_details_id)
export const entityDetails = pgTable(
  'entity_details',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id),
    entity_type: entityType('entity_type').notNull(),
    name: text('name').notNull(),
    registration_number: text('registration_number'),
    pan_number: text('pan_number'),
    has_80g: boolean('has_80g').notNull().default(false),
    /** the 80G registration (the URN the tax portal issued) and the last day it is valid: printed on 80G receipts */
    registration_80g: text('registration_80g'),
    registration_80g_valid_until: date('registration_80g_valid_until', { mode: 'string' }),
    /** the day the tax portal issued the 80G registration (Form 10BD's "Date of Issuance of URN") */
    registration_80g_issued_on: date('registration_80g_issued_on', { mode: 'string' }),
    /** FCRA registration: without a valid one an NGO may not take a foreign citizen's gift */
    fcra_number: text('fcra_number'),
    fcra_valid_until: date('fcra_valid_until', { mode: 'string' }),
    /** the FCRA account (at SBI's New Delhi main branch by law): foreign contributions are paid out only here */
    fcra_account_holder: text('fcra_account_holder'),
    fcra_account_number: text('fcra_account_number'),
    fcra_ifsc: varchar('fcra_ifsc', { length: 11 }),
    address: text('address'),
    city: text('city'),
    created_at: createdAt(),
  },
  (t) => [index('entity_details_user_idx').on(t.user_id)],
);

// spec 3 and 9: 20 personal/medical, 48 NGO, 49 creative, 149 ad, with child causes
export const causes = pgTable(
  'causes',
  {
    id: integer('id').primaryKey(),
    parent_id: integer('parent_id'),
    slug: text('slug').notNull(),
    info_1: text('info_1').notNull(),
    is_medical: boolean('is_medical').notNull().default(false),
  },
  (t) => [uniqueIndex('causes_slug_idx').on(t.slug), index('causes_parent_idx').on(t.parent_id)],
);

// spec 7: the disease and hospital lists the wizard's pickers offer (reference data, seeded)
export const diseases = pgTable('diseases', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const hospitals = pgTable(
  'hospitals',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** a campaigner's "my hospital isn't listed" is in no public list until a reviewer confirms it */
    confirmed: boolean('confirmed').notNull().default(true),
    suggested_by: integer('suggested_by').references((): AnyPgColumn => users.id),
    confirmed_by: integer('confirmed_by').references((): AnyPgColumn => users.id),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('hospitals_name_city_idx').on(t.name, t.city)],
);

export const fundraisers = pgTable(
  'fundraisers',
  {
    id: serial('id').primaryKey(),
    custom_tag: text('custom_tag').notNull(),
    title: text('title').notNull(),
    status_flag: smallint('status_flag').notNull().default(1),
    end_date: timestamp('end_date', { withTimezone: true }),
    currency: varchar('currency', { length: 3 }).notNull().default('INR'),
    // a draft has no goal until the campaigner gives one (0 never passes submission)
    goal_minor: money('goal_minor').notNull().default(0),
    raised_minor: money('raised_minor').notNull().default(0),
    donor_count: integer('donor_count').notNull().default(0),
    taxexempted: boolean('taxexempted').notNull().default(false),
    beneficiary_tax_benefit: boolean('beneficiary_tax_benefit').notNull().default(false),
    beneficiary_name: text('beneficiary_name'),
    beneficiary_relation: text('beneficiary_relation'),
    beneficiary_age: integer('beneficiary_age'),
    campaigner_id: integer('campaigner_id').notNull().references(() => users.id),
    manager_id: integer('manager_id').references(() => users.id),
    creator_entity_details_id: integer('creator_entity_details_id').references(() => entityDetails.id),
    entity_details_id: integer('entity_details_id').references(() => entityDetails.id),
    cause_id: integer('cause_id').notNull().references(() => causes.id),
    parent_cause_id: integer('parent_cause_id').notNull().references(() => causes.id),
    support_campaign_id: integer('support_campaign_id'),
    is_private: boolean('is_private').notNull().default(false),
    pin_hash: text('pin_hash'),
    story_title: text('story_title'),
    story_description: text('story_description'),
    short_description: text('short_description'),
    disease: text('disease'),
    hospital_name: text('hospital_name'),
    patient_number: text('patient_number'),
    city: text('city'),
    is_urgent: boolean('is_urgent').notNull().default(false),
    is_success_story: boolean('is_success_story').notNull().default(false),
    trending_score: integer('trending_score').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(short_description, '') || ' ' || coalesce(beneficiary_name, '') || ' ' || coalesce(city, ''))`,
    ),
    published_at: timestamp('published_at', { withTimezone: true }),
    // the wizard: what a draft holds beyond the story page's fields (spec 3 draft load)
    wizard_step: text('wizard_step'),
    disease_id: integer('disease_id').references(() => diseases.id),
    hospital_id: integer('hospital_id').references(() => hospitals.id),
    hospitalisation_status: text('hospitalisation_status'),
    referral_option: text('referral_option'),
    owner_qualification: text('owner_qualification'),
    owner_occupation: text('owner_occupation'),
    owner_salary_minor: money('owner_salary_minor'),
    about: text('about'),
    brand_survey: text('brand_survey'),
    /** spec 1, 6: the utm values that brought the draft (a telecalling agent's), carried to its leads and orders */
    utm: jsonb('utm').$type<Record<string, string>>(),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    reviewed_by: integer('reviewed_by').references(() => users.id),
    /** a reviewer's reason for sending the draft back, shown to the campaigner until resubmitted */
    review_reason: text('review_reason'),
    /** what the screening found in the title and story when it was sent for review (lib/content/screening.ts) */
    review_flags: jsonb('review_flags').$type<StoredScreeningFlag[]>(),
    /** when a reviewer checked the medical estimate and the beneficiary's ID (the story's "documents verified") */
    documents_checked_at: timestamp('documents_checked_at', { withTimezone: true }),
    documents_checked_by: integer('documents_checked_by').references(() => users.id),
    /** a supporting fundraiser its parent's campaigner declined: it never goes live */
    support_declined_at: timestamp('support_declined_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('fundraisers_custom_tag_idx').on(t.custom_tag),
    // the review queue, oldest first
    index('fundraisers_review_idx').on(t.submitted_at).where(sql`${t.status_flag} = 2`),
    index('fundraisers_trending_idx').on(t.status_flag, t.trending_score.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // public lists order by trending over non-private fundraisers
    index('fundraisers_public_trending_idx').on(t.trending_score.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.is_private} = false`),
    index('fundraisers_cause_idx').on(t.cause_id, t.status_flag, t.id.desc().nullsFirst()),
    index('fundraisers_parent_cause_idx').on(t.parent_cause_id, t.status_flag, t.id.desc().nullsFirst()),
    index('fundraisers_campaigner_idx').on(t.campaigner_id),
    index('fundraisers_support_idx').on(t.support_campaign_id),
    index('fundraisers_search_idx').using('gin', t.search),
  ],
);

export const fundraiserMedia = pgTable(
  'fundraiser_media',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    kind: mediaKind('kind').notNull(),
    cdn_path: text('cdn_path').notNull(),
    file_name: text('file_name'),
    display_type_1: text('display_type_1'),
    width: integer('width'),
    height: integer('height'),
    /** an upload's id: its stored variants (card, story, share) are found and deleted by it */
    upload_id: text('upload_id'),
    variants: jsonb('variants').$type<Record<string, string>>(),
    position: integer('position').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index('fundraiser_media_fundraiser_idx').on(t.fundraiser_id, t.kind, t.position)],
);

/** the proof a medical fundraiser is sent for review with */
export const proofDocumentKind = pgEnum('proof_document_kind', ['medical_estimate', 'beneficiary_id']);

/** Kept private: served only to reviewers (lib/fundraisers/proof.ts), never on the story, in a list or the sitemap. */
export const fundraiserDocuments = pgTable(
  'fundraiser_documents',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    kind: proofDocumentKind('kind').notNull(),
    /** the stored picture's upload id (its only size is the private one, never served by /media/uploads) */
    upload_id: text('upload_id').notNull(),
    uploaded_by: integer('uploaded_by').notNull().references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('fundraiser_documents_kind_idx').on(t.fundraiser_id, t.kind)],
);

export const updates = pgTable(
  'updates',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id),
    title: text('title'),
    body_html: text('body_html').notNull(),
    likes_count: integer('likes_count').notNull().default(0),
    /** held when the screening flags it (not on the story, not emailed) until a reviewer decides */
    review_status: updateReviewStatus('review_status').notNull().default('published'),
    review_flags: jsonb('review_flags').$type<StoredScreeningFlag[]>(),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    reviewed_by: integer('reviewed_by').references(() => users.id),
    /** why a reviewer declined a held update, shown to its campaigner */
    review_reason: text('review_reason'),
    created_at: createdAt(),
  },
  (t) => [
    index('updates_fundraiser_idx').on(t.fundraiser_id, t.created_at.desc().nullsFirst()),
    // the review queue's held updates, oldest first
    index('updates_held_idx').on(t.created_at).where(sql`${t.review_status} = 'held'`),
  ],
);

/**
 * Every change of a live fundraiser's words from its dashboard. A clean one is public at once (kept as
 * `published`, for the record); one the screening flags is `pending` (the public words unchanged) until a reviewer
 * approves it (the words go public) or declines it with a reason the campaigner reads. Null columns: not changed.
 */
export const fundraiserEdits = pgTable(
  'fundraiser_edits',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id),
    title: text('title'),
    short_description: text('short_description'),
    /** sanitised as the story page shows it */
    story_description: text('story_description'),
    status: fundraiserEditStatus('status').notNull(),
    /** what the screening found in the new words that the public words did not have */
    review_flags: jsonb('review_flags').$type<StoredScreeningFlag[]>().notNull().default([]),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decided_by: integer('decided_by').references(() => users.id),
    decline_reason: text('decline_reason'),
  },
  (t) => [
    // one change waits at a time: a newer one replaces it
    uniqueIndex('fundraiser_edits_one_pending_idx').on(t.fundraiser_id).where(sql`${t.status} = 'pending'`),
    index('fundraiser_edits_fundraiser_idx').on(t.fundraiser_id, t.id.desc().nullsFirst()),
    // the review queue, oldest first
    index('fundraiser_edits_pending_idx').on(t.submitted_at).where(sql`${t.status} = 'pending'`),
  ],
);

export const updateLikes = pgTable(
  'update_likes',
  {
    update_id: integer('update_id').notNull().references(() => updates.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.update_id, t.user_id] })],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    update_id: integer('update_id').references(() => updates.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.id),
    /** a campaigner's reply names the comment it answers */
    parent_id: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('comments_fundraiser_idx').on(t.fundraiser_id, t.created_at.desc().nullsFirst()),
    index('comments_update_idx').on(t.update_id),
    index('comments_parent_idx').on(t.parent_id),
  ],
);

// spec 7 "ask for update": a donor asks the campaigner for news; answered when the campaigner replies or posts an update
export const updateRequests = pgTable(
  'update_requests',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.id),
    message: text('message'),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    answer_update_id: integer('answer_update_id').references(() => updates.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('update_requests_fundraiser_idx').on(t.fundraiser_id, t.created_at.desc().nullsFirst()),
    // one open request per donor and fundraiser: asking twice does not nag the campaigner twice
    uniqueIndex('update_requests_open_idx').on(t.fundraiser_id, t.user_id).where(sql`answered_at is null`),
  ],
);

// a donor who asked not to get a fundraiser's updates by email (by address: guests give too)
export const updateOptOuts = pgTable(
  'update_opt_outs',
  {
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fundraiser_id, t.email] })],
);

export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    currency: varchar('currency', { length: 3 }).notNull().default('INR'),
    min_amount_minor: money('min_amount_minor').notNull(),
    quantity: integer('quantity'),
    claimed: integer('claimed').notNull().default(0),
    /** spec 3: the reward's picture, one of the fundraiser's own uploads (checked when set) */
    image_path: text('image_path'),
    /** removed by its campaigner after donors chose it: offered to no one new, kept on the gifts that chose it */
    retired_at: timestamp('retired_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('rewards_fundraiser_idx').on(t.fundraiser_id)],
);

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** a gift to a fundraiser; a standalone tip (purpose tip) is to the platform and has none */
    fundraiser_id: integer('fundraiser_id').references(() => fundraisers.id),
    purpose: text('purpose').notNull().default('donation'),
    user_id: integer('user_id').references(() => users.id),
    currency: varchar('currency', { length: 3 }).notNull(),
    donated_amount_minor: money('donated_amount_minor').notNull(),
    donated_amount_inr_minor: money('donated_amount_inr_minor').notNull(),
    tip_amount_minor: money('tip_amount_minor').notNull().default(0),
    donor_name: text('donor_name').notNull(),
    donor_email: text('donor_email').notNull(),
    donor_phone: text('donor_phone'),
    donor_extension: text('donor_extension'),
    donor_pincode: text('donor_pincode'),
    donor_country: text('donor_country'),
    donor_city: text('donor_city'),
    donor_pan: text('donor_pan'),
    /** the donor's postal address, asked with the PAN for an 80G receipt and Form 10BD */
    donor_address: text('donor_address'),
    /** the donor's answer to "Indian citizen (passport) or not", asked when the gift could be a foreign contribution; null when not asked */
    citizenship: text('citizenship'),
    /** when operations corrected the donor's details (name, PAN, address) after the gift, and who */
    details_corrected_at: timestamp('details_corrected_at', { withTimezone: true }),
    details_corrected_by: integer('details_corrected_by').references(() => users.id),
    is_anonymous: boolean('is_anonymous').notNull().default(false),
    recurring: boolean('recurring').notNull().default(false),
    reward_id: integer('reward_id').references(() => rewards.id),
    is_indian: boolean('is_indian').notNull().default(true),
    donor_entity_details_id: integer('donor_entity_details_id').references(() => entityDetails.id),
    sip_cause: text('sip_cause'),
    device: text('device'),
    utm: jsonb('utm').$type<Record<string, string>>(),
    /** the language the donor gave in: their receipt is written in it */
    locale: text('locale').notNull().default('en'),
    client_ip: text('client_ip'),
    /** anniversary giving (origin tann): the occasion and the person honoured, on the receipt and the supporters list */
    dedication: jsonb('dedication').$type<{ occasion: string; honoree: string; message?: string }>(),
    /** a sponsor's coupon the donor applied: its match is added when the gift settles, once */
    coupon_code: text('coupon_code'),
    created_at: createdAt(),
  },
  (t) => [
    index('carts_fundraiser_idx').on(t.fundraiser_id),
    index('carts_email_idx').on(t.donor_email, t.created_at),
    check('carts_citizenship_check', sql`${t.citizenship} is null or ${t.citizenship} in ('indian', 'foreign')`),
    check('carts_purpose_check', sql`${t.purpose} in ('donation', 'tip') and (${t.fundraiser_id} is not null or ${t.purpose} = 'tip')`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    order_id: text('order_id').notNull(),
    kind: orderKind('kind').notNull().default('one_time'),
    /** the donor's cart; a SIP month charged under a mandate has none */
    cart_id: integer('cart_id').references(() => carts.id),
    /** the target: one fundraiser; a SIP month without one gives to its subscription's lines (causes) */
    fundraiser_id: integer('fundraiser_id').references(() => fundraisers.id),
    user_id: integer('user_id').references(() => users.id),
    subscription_id: integer('subscription_id').references(() => subscriptions.id),
    mandate_id: integer('mandate_id').references(() => mandates.id),
    /** the SIP month this charge is for (YYYY-MM); with the subscription it makes the idempotency key */
    period: text('period'),
    payment_mode: text('payment_mode').notNull(),
    payment_mode_value: text('payment_mode_value'),
    payment_gateway: text('payment_gateway').notNull(),
    iso_currency: varchar('iso_currency', { length: 3 }).notNull(),
    donated_amount_minor: money('donated_amount_minor').notNull(),
    tip_amount_minor: money('tip_amount_minor').notNull().default(0),
    // amount credited to the fundraiser in its own currency, fixed when the order is placed
    credited_amount_minor: money('credited_amount_minor').notNull(),
    charged: boolean('charged').notNull().default(false),
    status: orderStatus('status').notNull().default('created'),
    idempotency_key: text('idempotency_key'),
    gateway_order_id: text('gateway_order_id'),
    gateway_payment_id: text('gateway_payment_id'),
    vpa: text('vpa'),
    origin: text('origin'),
    url: text('url'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    failure_reason: text('failure_reason'),
    utm: jsonb('utm').$type<Record<string, string>>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    settled_at: timestamp('settled_at', { withTimezone: true }),
    /** spec 7 acknowledge form: the campaigner's thank-you to this donation's donor */
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgement: text('acknowledgement'),
    /** the premium this order pays */
    insurance_policy_id: integer('insurance_policy_id').references((): AnyPgColumn => insurancePolicies.id),
    /** a foreign citizen's gift (FCRA): kept apart in the ledger and paid out only to the NGO's FCRA account */
    foreign_contribution: boolean('foreign_contribution').notNull().default(false),
  },
  (t) => [
    uniqueIndex('orders_order_id_idx').on(t.order_id),
    uniqueIndex('orders_idempotency_idx').on(t.idempotency_key),
    uniqueIndex('orders_gateway_order_idx').on(t.payment_gateway, t.gateway_order_id),
    uniqueIndex('orders_gateway_payment_idx').on(t.payment_gateway, t.gateway_payment_id),
    index('orders_fundraiser_status_idx').on(t.fundraiser_id, t.status, t.id.desc().nullsFirst()),
    index('orders_subscription_idx').on(t.subscription_id, t.period),
    index('orders_user_idx').on(t.user_id, t.created_at.desc().nullsFirst()),
    index('orders_pending_idx').on(t.status, t.created_at),
    // one cart, one live order: a repeated order call answers the same order
    uniqueIndex('orders_live_cart_idx').on(t.cart_id).where(sql`status in ('created', 'pending', 'success')`),
    // compared as text: the enum's new values cannot be used in the migration's own transaction
    check('orders_target_check', sql`${t.fundraiser_id} is not null or ${t.kind}::text in ('sip', 'tip', 'insurance')`),
    check('orders_insurance_check', sql`${t.kind}::text <> 'insurance' or ${t.insurance_policy_id} is not null`),
    check('orders_sip_check', sql`${t.kind}::text <> 'sip' or (${t.subscription_id} is not null and ${t.period} is not null)`),
  ],
);

// Every raw gateway event, stored once per (gateway, event id): a replay changes nothing.
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    event_id: text('event_id').notNull(),
    order_id: text('order_id'),
    /** a mandate's events (authorised, paused, cancelled) belong to it rather than to one order */
    mandate_id: integer('mandate_id'),
    type: text('type').notNull(),
    source: text('source').notNull(), // webhook | return | reconcile | request
    payload: jsonb('payload').$type<unknown>(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_gateway_event_idx').on(t.gateway, t.event_id), index('payment_events_order_idx').on(t.order_id)],
);

// Simple ledger entries: account, amount, currency, group (the order that moved them).
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    /** the money movement: an order's id for its charge, refund:{id} for each refund of it, withdrawal:{id} for an approved withdrawal */
    group_id: text('group_id').notNull(),
    account: text('account').notNull(), // fundraiser:{id} | cause:{sip cause} | platform:tips
    kind: text('kind').notNull(), // donation | tip | refund | withdrawal
    amount_minor: money('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('ledger_account_idx').on(t.account), uniqueIndex('ledger_group_account_kind_idx').on(t.group_id, t.account, t.kind)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id),
    fundraiser_id: integer('fundraiser_id').references(() => fundraisers.id),
    sip_cause: text('sip_cause').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('INR'),
    amount_minor: money('amount_minor').notNull(),
    status_flag: smallint('status_flag').notNull().default(1),
    frequency: text('frequency').notNull().default('monthly'),
    payment_gateway: text('payment_gateway'),
    mandate_id: integer('mandate_id').references(() => mandates.id),
    next_payment_date: timestamp('next_payment_date', { withTimezone: true }),
    // spec 3's order fields kept with the SIP (months between charges, how many months, an NGO's SIP)
    month_interval: smallint('month_interval').notNull().default(1),
    tenure: smallint('tenure'),
    ngo_sip: boolean('ngo_sip').notNull().default(false),
    /** the donor's language: SIP emails are written in it */
    locale: text('locale').notNull().default('en'),
    /** paused by the donor until then (1-3 months), resumed automatically after */
    paused_until: timestamp('paused_until', { withTimezone: true }),
    /** a month (YYYY-MM) the donor chose to skip */
    skip_period: text('skip_period'),
    /** failed charges of the current month and when the next try is due (lib/sip/retries.ts) */
    retry_count: smallint('retry_count').notNull().default(0),
    next_retry_at: timestamp('next_retry_at', { withTimezone: true }),
    last_failure_reason: text('last_failure_reason'),
    /** a month lost to an expired or revoked mandate, charged once if a new one is set up in time */
    missed_period: text('missed_period'),
    /** the month whose pre-debit notice went out (sent once per month) */
    pre_debit_period: text('pre_debit_period'),
    cancel_reason: text('cancel_reason'),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.user_id, t.status_flag),
    // the charge run reads what is due, oldest first
    index('subscriptions_due_idx').on(t.status_flag, t.next_payment_date),
  ],
);

// What one SIP gives to each month: a cause (split across its fundraisers when charged) or one fundraiser.
export const subscriptionLines = pgTable(
  'subscription_lines',
  {
    id: serial('id').primaryKey(),
    subscription_id: integer('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    sip_cause: text('sip_cause'),
    fundraiser_id: integer('fundraiser_id').references(() => fundraisers.id),
    amount_minor: money('amount_minor').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('subscription_lines_subscription_idx').on(t.subscription_id),
    check('subscription_lines_target_check', sql`(${t.fundraiser_id} is not null) <> (${t.sip_cause} is not null)`),
  ],
);

// A donor's standing permission for a gateway to debit them (e-mandate, UPI AutoPay, a saved card).
export const mandates = pgTable(
  'mandates',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id),
    gateway: text('gateway').notNull(),
    gateway_mandate_id: text('gateway_mandate_id').notNull(),
    /** the provider's customer and reusable credential a debit names (Razorpay customer and token, Stripe customer and
     *  payment method), learnt when the donor authorises; the sandbox needs neither */
    gateway_customer_id: text('gateway_customer_id'),
    gateway_token: text('gateway_token'),
    /** Emandate | UPIRECURRING | CARD (spec 9 payment modes) */
    method: text('method').notNull(),
    status: mandateStatus('status').notNull().default('created'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** the most one debit may take, as the donor authorised it */
    max_amount_minor: money('max_amount_minor').notNull(),
    failure_reason: text('failure_reason'),
    authorised_at: timestamp('authorised_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('mandates_gateway_idx').on(t.gateway, t.gateway_mandate_id), index('mandates_token_idx').on(t.gateway, t.gateway_token), index('mandates_user_idx').on(t.user_id)],
);

// The SIPs a mandate was authorised for: the SIP it was set up for, or those the donor chose on the
// method-change page. Only these move onto it when it first goes active; no other SIP of the donor ever rides it unasked.
export const mandateSubscriptions = pgTable(
  'mandate_subscriptions',
  {
    mandate_id: integer('mandate_id')
      .notNull()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mandate_id, t.subscription_id] }), index('mandate_subscriptions_subscription_idx').on(t.subscription_id)],
);

// Money sent back to a donor: several may follow one order, up to what it charged.
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    refund_id: text('refund_id').notNull(),
    order_id: integer('order_id').notNull().references(() => orders.id),
    gateway: text('gateway').notNull(),
    gateway_refund_id: text('gateway_refund_id'),
    amount_minor: money('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: refundStatus('status').notNull().default('pending'),
    reason: text('reason'),
    failure_reason: text('failure_reason'),
    /** the staff member who asked for it (null: the gateway or the donor's own cancellation) */
    requested_by: integer('requested_by').references(() => users.id),
    /** a refund that would take raised below what was already paid out waits for finance instead of going to the gateway */
    held_for_finance: boolean('held_for_finance').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_refund_id_idx').on(t.refund_id),
    uniqueIndex('refunds_gateway_idx').on(t.gateway, t.gateway_refund_id),
    index('refunds_order_idx').on(t.order_id),
  ],
);

export const leads = pgTable('leads', {
  id: serial('id').primaryKey(),
  name: text('name'),
  email: text('email'),
  extension: text('extension'),
  phone: text('phone'),
  page: text('page'),
  mail_to: text('mail_to'),
  user_id: integer('user_id').references(() => users.id),
  about: text('about'),
  query_type: text('query_type'),
  type: text('type'),
  subject: text('subject'),
  cause: text('cause'),
  city: text('city'),
  utm: jsonb('utm').$type<Record<string, string>>(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const systemEvents = pgTable(
  'system_events',
  {
    id: serial('id').primaryKey(),
    event_name: text('event_name').notNull(),
    event_type: text('event_type'),
    event_type_id: text('event_type_id'),
    page_name: text('page_name'),
    info_1: text('info_1'),
    info_2: text('info_2'),
    info_3: text('info_3'),
    info_4: text('info_4'),
    referrer_page: text('referrer_page'),
    device: text('device'),
    entity_id: text('entity_id'),
    utm: jsonb('utm').$type<Record<string, string>>(),
    created_at: createdAt(),
  },
  (t) => [index('system_events_name_idx').on(t.event_name, t.created_at)],
);

export const whiteLabelDomains = pgTable('white_label_domains', {
  id: serial('id').primaryKey(),
  host: text('host').notNull().unique(),
  name: text('name').notNull(),
  logo_url: text('logo_url'),
  favicon_url: text('favicon_url'),
  theme_color: text('theme_color'),
  analytics_container_id: text('analytics_container_id'),
  is_active: boolean('is_active').notNull().default(true),
  created_at: createdAt(),
});

// INR per one unit of the currency, in millionths, so conversion stays integer arithmetic.
export const currencyRates = pgTable('currency_rates', {
  currency: varchar('currency', { length: 3 }).primaryKey(),
  inr_per_unit_micros: bigint('inr_per_unit_micros', { mode: 'number' }).notNull(),
  updated_at: updatedAt(),
});

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: tokenKind('kind').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_idx').on(t.token_hash), index('auth_tokens_user_idx').on(t.user_id)],
);

// A user's sign-in with an outside identity (google, facebook, paytm, truecaller): one user, many identities.
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject), index('user_identities_user_idx').on(t.user_id)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    destination: text('destination').notNull(), // normalised email or phone
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    request_id: text('request_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('one_time_codes_request_idx').on(t.request_id), index('one_time_codes_dest_idx').on(t.destination, t.created_at)],
);

// Email and SMS waiting to go out; readable at /dev/outbox outside production.
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: outboxChannel('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** an email's HTML part (lib/email/render.ts); body is its plain-text part */
    html: text('html'),
    /** files the email carries, by reference (lib/outbox/attachments.ts): rendered when it is sent, never stored */
    attachments: jsonb('attachments').$type<{ kind: string; key: string }[]>(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    created_at: createdAt(),
    // set while a sender holds the message (status 'sending'); an old claim means that sender died
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.created_at)],
);

// Who may act on what, beyond the fundraiser's own campaigner_id / manager_id and an entity's owner (user_id):
// members of an NGO or hospital entity, and the platform's reviewers and field-sales staff (lib/permissions).
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'entity' (scope_id = entity_details.id) or 'platform' (scope_id = 0) */
    scope: text('scope').notNull(),
    scope_id: integer('scope_id').notNull().default(0),
    /** entity: 'member'; platform: 'reviewer', 'field_sales', or a staff role ('support', 'finance', 'admin') */
    role: text('role').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('memberships_unique_idx').on(t.scope, t.scope_id, t.user_id, t.role), index('memberships_user_idx').on(t.user_id)],
);

// Fixed-window counters for rate limits (PIN tries, carts, codes) that survive restarts.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

// The sandbox gateway's own books (it stands in for an outside provider: orders it was asked to
// charge and what the tester chose), so reconciliation can ask it like a real gateway.
export const sandboxPayments = pgTable('sandbox_payments', {
  gateway_order_id: text('gateway_order_id').primaryKey(),
  amount_minor: money('amount_minor').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  payment_id: text('payment_id'),
  status: text('status').notNull().default('created'), // created | success | failed | pending
  updated_at: updatedAt(),
});

// The sandbox's own memory of a mandate: how its debits end, as the tester chose on its authorise page.
export const sandboxMandates = pgTable('sandbox_mandates', {
  gateway_mandate_id: text('gateway_mandate_id').primaryKey(),
  /** success | insufficient_funds | technical | mandate_revoked */
  charge_outcome: text('charge_outcome').notNull().default('success'),
  created_at: createdAt(),
});

// A signed, expiring, single-purpose link in a SIP email (lower, pause, skip, change method, cancel) that works
// without signing in; only its hash is kept, and using it once spends it.
export const sipActionLinks = pgTable(
  'sip_action_links',
  {
    id: serial('id').primaryKey(),
    subscription_id: integer('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('sip_action_links_hash_idx').on(t.token_hash), index('sip_action_links_subscription_idx').on(t.subscription_id)],
);

// The bank account a fundraiser's withdrawals are paid into (one per fundraiser; the API shows only its last 4 digits).
export const payoutAccounts = pgTable('payout_accounts', {
  id: serial('id').primaryKey(),
  fundraiser_id: integer('fundraiser_id').notNull().unique().references(() => fundraisers.id, { onDelete: 'cascade' }),
  account_holder_name: text('account_holder_name').notNull(),
  account_number: text('account_number').notNull(),
  ifsc_code: varchar('ifsc_code', { length: 11 }).notNull(),
  updated_by: integer('updated_by').notNull().references(() => users.id),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

// Money a fundraiser's people ask to take out of what was raised, with a purpose and a bill; the account it
// is to be paid into is copied from the payout account when asked, so a later change of account never redirects it.
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    fundraiser_id: integer('fundraiser_id').notNull().references(() => fundraisers.id),
    requested_by: integer('requested_by').notNull().references(() => users.id),
    /** in the fundraiser's currency */
    amount_minor: money('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    purpose: text('purpose').notNull(),
    /** the bill or estimate, stored by lib/media/uploads (served only by the withdrawal's document route) */
    document_upload_id: text('document_upload_id').notNull(),
    status: withdrawalStatus('status').notNull().default('requested'),
    account_holder_name: text('account_holder_name').notNull(),
    account_number: text('account_number').notNull(),
    ifsc_code: varchar('ifsc_code', { length: 11 }).notNull(),
    reviewed_by: integer('reviewed_by').references(() => users.id),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /** a reviewer's reason for rejecting, shown to the campaigner */
    review_reason: text('review_reason'),
    paid_by: integer('paid_by').references(() => users.id),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    /** the bank's reference of the transfer made outside the product */
    paid_reference: text('paid_reference'),
    /** paid from foreign contributions: only ever into the NGO's FCRA account */
    foreign_contribution: boolean('foreign_contribution').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('withdrawals_fundraiser_idx').on(t.fundraiser_id, t.status),
    // the reviewers' queue, oldest first
    index('withdrawals_queue_idx').on(t.status, t.created_at),
    check('withdrawals_amount_check', sql`${t.amount_minor} > 0`),
  ],
);

// ---- the rest of spec 7 ----

/** spec 7 event and event causes: a fundraising event (a marathon, a festival drive) and the causes and NGOs it raises for. */
export const events = pgTable('events', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  image_path: text('image_path'),
  starts_on: text('starts_on'),
  ends_on: text('ends_on'),
  created_at: createdAt(),
});

export const eventCauses = pgTable(
  'event_causes',
  {
    id: serial('id').primaryKey(),
    event_id: integer('event_id').notNull().references(() => events.id),
    cause_id: integer('cause_id').notNull().references(() => causes.id),
    /** an NGO taking part for this cause (spec 7 NGOs with event_id) */
    entity_details_id: integer('entity_details_id').references(() => entityDetails.id),
  },
  (t) => [uniqueIndex('event_causes_unique_idx').on(t.event_id, t.cause_id, t.entity_details_id), index('event_causes_entity_idx').on(t.entity_details_id)],
);

/** spec 7 GET banner: the home page's banner per site (host null: the main site), shown between its dates. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    host: text('host'),
    locale: text('locale'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    image_path: text('image_path'),
    link_path: text('link_path').notNull(),
    priority: integer('priority').notNull().default(0),
    starts_at: timestamp('starts_at', { withTimezone: true }),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('banners_host_idx').on(t.host, t.priority)],
);

/** spec 7 push notifications: a browser's Web Push subscription, sent to through web-push when VAPID keys are set. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    /** the push service said gone (404/410): never sent to again */
    gone_at: timestamp('gone_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user_id)],
);

/** spec 3/9 insurance plan bought by a user (spec 7 insurance/premium, create, update, pay, GET insurance/{id}). */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id),
    vendor: text('vendor').notNull(),
    plan: text('plan').notNull(),
    plan_id: text('plan_id').notNull(),
    frequency: text('frequency').notNull(),
    plan_amount_minor: money('plan_amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** created (details may change), paid (the premium settled), cancelled */
    status: text('status').notNull().default('created'),
    insured: jsonb('insured').$type<Record<string, string>>(),
    /** spec 7 entity/{id}/credit/details: where a claim is paid, confirmed with a one-time code */
    credit_details: jsonb('credit_details').$type<Record<string, string>>(),
    credit_verified_at: timestamp('credit_verified_at', { withTimezone: true }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    covered_until: timestamp('covered_until', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('insurance_policies_user_idx').on(t.user_id)],
);

/** spec 7 POST coupon: a sponsor's code that adds a match to a gift (a fixed amount or a share), within dates and uses. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  sponsor: text('sponsor').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  amount_minor: money('amount_minor'),
  share_percent: integer('share_percent'),
  /** a share's match never goes above this */
  max_match_minor: money('max_match_minor'),
  valid_from: timestamp('valid_from', { withTimezone: true }),
  valid_until: timestamp('valid_until', { withTimezone: true }),
  max_uses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  /** matches one donor (by account or by email) may receive from this coupon */
  max_uses_per_donor: integer('max_uses_per_donor'),
  /** matches one fundraiser may receive from this coupon */
  max_uses_per_fundraiser: integer('max_uses_per_fundraiser'),
  /** the sponsor's whole budget in the coupon's currency; the matches paid never add up to more */
  budget_minor: money('budget_minor'),
  /** switched off by operations: no new match, whatever the dates */
  is_active: boolean('is_active').notNull().default(true),
  /** what the matches have paid so far (in the coupon's currency), counted under the coupon's row lock */
  spent_minor: money('spent_minor').notNull().default(0),
  created_at: createdAt(),
});

/** One coupon match per order, whatever the callbacks: the unique order keeps a gift from counting twice. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    coupon_code: text('coupon_code').notNull().references(() => coupons.code),
    order_id: integer('order_id').notNull().references(() => orders.id),
    amount_minor: money('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** whose match this was, for the caps per fundraiser and per donor (account and lower-cased email) */
    fundraiser_id: integer('fundraiser_id').references(() => fundraisers.id),
    donor_user_id: integer('donor_user_id').references(() => users.id),
    donor_email: text('donor_email'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_idx').on(t.order_id),
    index('coupon_redemptions_fundraiser_idx').on(t.coupon_code, t.fundraiser_id),
    index('coupon_redemptions_email_idx').on(t.coupon_code, t.donor_email),
    index('coupon_redemptions_user_idx').on(t.coupon_code, t.donor_user_id),
  ],
);

/** A user's Sahyog credit (prizes, refunds kept as credit) and what they redeemed into gifts; the balance is the sum. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount_minor: money('amount_minor').notNull(),
    reason: text('reason').notNull(),
    /** what it came from (an order, a prize draw): one entry per reason and reference */
    ref: text('ref').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('wallet_entries_ref_idx').on(t.reason, t.ref), index('wallet_entries_user_idx').on(t.user_id, t.currency)],
);

// An NGO's 80G receipt numbers: one series per NGO per financial year (April to March, India time), no gaps.
export const receiptSeries = pgTable(
  'receipt_series',
  {
    entity_details_id: integer('entity_details_id').notNull().references(() => entityDetails.id),
    /** '2026-27' */
    financial_year: text('financial_year').notNull(),
    last_serial: integer('last_serial').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity_details_id, t.financial_year] })],
);

/** The receipt a settled gift to an NGO was given: its number in the NGO's series, fixed once. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id').notNull().unique().references(() => orders.id),
    entity_details_id: integer('entity_details_id').notNull().references(() => entityDetails.id),
    financial_year: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    /** as printed, e.g. 80G/2026-27/000042 */
    number: text('number').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('receipts_series_idx').on(t.entity_details_id, t.financial_year, t.serial)],
);

/** What staff did, append only: the database refuses to change or delete a line (migration 0028's trigger). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor_id: integer('actor_id').notNull().references(() => users.id),
    /** the staff roles the actor held when acting, e.g. 'support' or 'admin,finance' */
    actor_roles: text('actor_roles').notNull(),
    /** e.g. refund.request, staff.grant, partner.update */
    action: text('action').notNull(),
    record_kind: text('record_kind').notNull(),
    record_id: text('record_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('audit_log_record_idx').on(t.record_kind, t.record_id), index('audit_log_at_idx').on(t.at.desc()), index('audit_log_actor_idx').on(t.actor_id, t.at.desc())],
);

/** Visitors' web-vitals, one row per metric report, for the transparency page's 75th percentiles; old rows are pruned. */
export const vitalSamples = pgTable(
  'vital_samples',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    page_type: text('page_type').notNull(),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('vital_samples_at_idx').on(t.at, t.page_type, t.metric)],
);

/** Every review decision on a fundraiser, kept (the fundraiser keeps only its last): the transparency page counts send-backs by category. */
export const reviewOutcomes = pgTable(
  'review_outcomes',
  {
    id: serial('id').primaryKey(),
    /** null once a sent-back draft is discarded: the decision still counts */
    fundraiser_id: integer('fundraiser_id').references(() => fundraisers.id, { onDelete: 'set null' }),
    /** 'approved' or 'sent_back' */
    decision: text('decision').notNull(),
    /** a send-back's kind (REVIEW_SEND_BACK_CATEGORIES) */
    category: text('category'),
    decided_at: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_outcomes_decided_idx').on(t.decided_at), check('review_outcomes_decision_check', sql`${t.decision} in ('approved', 'sent_back')`)],
);
