// Demo content: deterministic, idempotent, consistent (raised totals equal the ledger).
import { STAFF_ROLES } from '../lib/constants/desk';
import { STAFF_SCOPE } from '../lib/permissions/staff';
import { FUNDRAISER_STATUS } from '../lib/fundraisers/status';
import { SIP_STATUS } from '../lib/sip/status';
import { eq, sql, count } from 'drizzle-orm';
import type { Db } from '../lib/db/client';
import * as s from '../lib/db/schema';
import { ALL_MEDICAL_CAUSE_IDS, BENEFICIARY_RELATIONS, CAUSE, FUNDRAISER_TITLE_MAX, REVIEW_SEND_BACK_CATEGORIES, SUCCESSFUL_FUNDING_RATIO } from '../lib/constants/fundraisers';
import { PRIZE_AMOUNT_MAJOR } from '../lib/constants/payments';
import { DAY_MS } from '../lib/constants/time';
import { convertMinor, DEFAULT_INR_PER_UNIT_MICROS } from '../lib/currency-rates';
import { toMinor, type CurrencyCode } from '../lib/money';
import { hashPin } from '../lib/fundraisers/pin';
import { hashSecret } from '../lib/secrets';
import { demoImagePath } from '../lib/media/demo-images';
import { causeSlugForArt } from './art';
import { DISEASES, HOSPITALS as HOSPITAL_LIST } from '../lib/db/reference-lists';
import { slugify } from '../lib/fundraisers/custom-tag';
import { MEMBERSHIP } from '../lib/permissions/can';
import { seedDemoEvents } from './seed-events';

/** The demo's sponsor coupon (README). */
export const DEMO_COUPON_CODE = 'SAHYOG100';

/** Every demo account signs in with this password (README). */
export const DEMO_PASSWORD = 'Sahyog@2026';

export const DEMO_PIN = '4321';

// spec 3 and 9: the cause tree; medical children are the ids the spec lists
export const CAUSE_TREE: (typeof s.causes.$inferInsert)[] = [
  { id: CAUSE.personalMedical, parent_id: null, slug: 'personal-medical', info_1: 'Medical & Personal' },
  { id: CAUSE.ngo, parent_id: null, slug: 'ngo', info_1: 'NGO' },
  { id: CAUSE.creative, parent_id: null, slug: 'creative', info_1: 'Creative' },
  { id: CAUSE.ad, parent_id: null, slug: 'ad', info_1: 'Ad' },
  { id: 4, parent_id: 20, slug: 'cancer', info_1: 'Cancer', is_medical: true },
  { id: 7, parent_id: 20, slug: 'transplant', info_1: 'Liver / Kidney Transplant', is_medical: true },
  { id: 59, parent_id: 20, slug: 'accident', info_1: 'Accident & Trauma', is_medical: true },
  { id: 103, parent_id: 20, slug: 'heart', info_1: 'Heart Surgery', is_medical: true },
  { id: 150, parent_id: 20, slug: 'nicu', info_1: 'Premature Baby Care (NICU)', is_medical: true },
  { id: 156, parent_id: 20, slug: 'medicines', info_1: 'Medicines', is_medical: true },
  { id: 159, parent_id: 20, slug: 'other-medical', info_1: 'Other Medical', is_medical: true },
  { id: 160, parent_id: 20, slug: 'rare-disease', info_1: 'Rare Disease', is_medical: true },
  { id: 161, parent_id: 20, slug: 'memorial', info_1: 'Memorial' },
  { id: 162, parent_id: 20, slug: 'personal-education', info_1: 'Education' },
  { id: 163, parent_id: 20, slug: 'disaster-relief', info_1: 'Disaster Relief' },
  { id: 201, parent_id: 48, slug: 'children', info_1: 'Children' },
  { id: 202, parent_id: 48, slug: 'animals', info_1: 'Animals' },
  { id: 203, parent_id: 48, slug: 'elderly', info_1: 'Elderly' },
  { id: 204, parent_id: 48, slug: 'food-hunger', info_1: 'Food & Hunger' },
  { id: 205, parent_id: 48, slug: 'women-girls', info_1: 'Women & Girls' },
  { id: 206, parent_id: 48, slug: 'environment', info_1: 'Environment' },
  { id: 301, parent_id: 49, slug: 'film', info_1: 'Film' },
  { id: 302, parent_id: 49, slug: 'music', info_1: 'Music' },
  { id: 303, parent_id: 49, slug: 'books', info_1: 'Books' },
];
const causeSlugOf = new Map(CAUSE_TREE.map((c) => [c.id, c.slug]));

// Small deterministic PRNG so every fresh database gets the same demo.
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

const FIRST = ['Aarav', 'Ananya', 'Ishaan', 'Diya', 'Kabir', 'Meera', 'Rohan', 'Saanvi', 'Arjun', 'Priya', 'Vikram', 'Lakshmi', 'Farhan', 'Zoya', 'Karthik', 'Divya', 'Sandeep', 'Nandini', 'Harpreet', 'Joseph', 'Fatima', 'Suresh', 'Kavya', 'Imran', 'Gayatri', 'Rahul', 'Sneha', 'Abdul', 'Pooja', 'Venkat'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Khan', 'Patel', 'Nair', 'Singh', 'Gupta', 'Menon', 'Das', 'Fernandes', 'Mukherjee', 'Rao', 'Qureshi', 'Pillai', 'Joshi', 'Kaur', 'Bose', 'Verma', 'Chatterjee'];
const CITIES = ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Hyderabad', 'Kolkata', 'Pune', 'Jaipur', 'Lucknow', 'Kochi', 'Ahmedabad', 'Bhopal', 'Patna', 'Guwahati', 'Indore'];
// medical stories name hospitals of the pickers' list, so the hospital desk (spec 6) sees the fundraisers at its hospital
const HOSPITALS = HOSPITAL_LIST.map((h) => h.name);

interface StoryTemplate {
  cause: number;
  title: (name: string, city: string) => string;
  story: (name: string, relation: string, city: string, hospital: string) => string;
  disease?: string;
}

const MEDICAL: StoryTemplate[] = [
  { cause: 4, disease: 'Leukaemia', title: (n) => `Help ${n} beat blood cancer`, story: (n, r, c, h) => `<p>${n}, my ${r}, was diagnosed with acute leukaemia in ${c}. Doctors at ${h} have started chemotherapy and advise a bone-marrow transplant within three months.</p><p>We have spent our savings on the first cycles. Every contribution brings ${n} closer to a cancer-free life.</p>` },
  { cause: 7, disease: 'Liver failure', title: (n) => `${n} needs a liver transplant urgently`, story: (n, r, c, h) => `<p>${n} (${r}) is in end-stage liver failure. A family donor has been found and the transplant at ${h} is scheduled.</p><p>The surgery and post-operative care cost far more than our family in ${c} can raise alone. Please stand with us.</p>` },
  { cause: 59, disease: 'Road accident trauma', title: (n) => `Support ${n}'s recovery after a road accident`, story: (n, r, c, h) => `<p>On his way to work in ${c}, ${n} was hit by a truck. He has had two surgeries at ${h} and needs a third, and months of physiotherapy.</p><p>He is the only earning member of the family. Your help keeps his treatment going.</p>` },
  { cause: 103, disease: 'Congenital heart defect', title: (n) => `Baby ${n} needs open-heart surgery`, story: (n, r, c, h) => `<p>${n} was born with a hole in the heart. Cardiologists at ${h} say surgery cannot wait.</p><p>We are a daily-wage family from ${c}. Please help our little one grow up healthy.</p>` },
  { cause: 150, disease: 'Premature birth', title: (_n, c) => `Twins born at 28 weeks need NICU care in ${c}`, story: (n, r, c, h) => `<p>${n}'s twins were born three months early and are fighting for every breath in the NICU of ${h}.</p><p>Each day in intensive care costs more than the family earns in a month in ${c}.</p>` },
  { cause: 160, disease: 'Spinal muscular atrophy', title: (n) => `Save ${n} from a rare disease`, story: (n, r, c, h) => `<p>${n} has been diagnosed with spinal muscular atrophy. The therapy that can stop it is among the most expensive in the world.</p><p>Doctors at ${h} are ready. Only the funds stand between ${n} and a normal childhood in ${c}.</p>` },
  { cause: 156, disease: 'Chronic kidney disease', title: (n) => `Dialysis and medicines for ${n}`, story: (n, r, c, h) => `<p>${n} needs dialysis three times a week at ${h} and costly medicines every month.</p><p>Your monthly support keeps ${n} alive while we wait for a transplant.</p>` },
];
const NGO: StoryTemplate[] = [
  { cause: 204, title: (_n, c) => `Feed 1,000 children a hot meal every day in ${c}`, story: (n, _r, c) => `<p>${n} runs community kitchens in the slums of ${c}. ₹30 feeds a child a nutritious lunch.</p><ul><li>1,000 meals a day</li><li>Audited accounts</li><li>80G tax receipts</li></ul>` },
  { cause: 202, title: (_n, c) => `Rescue and treat injured street animals in ${c}`, story: (n, _r, c) => `<p>${n} runs an animal hospital and ambulance in ${c}, treating 40 injured dogs, cats and cows every week.</p>` },
  { cause: 203, title: (_n, c) => `Give elders in ${c} a home with dignity`, story: (n, _r, c) => `<p>${n} shelters abandoned elders in ${c} with food, medicines and company.</p>` },
  { cause: 201, title: (_n, c) => `Send 200 girls in ${c} back to school`, story: (n, _r, c) => `<p>${n} pays school fees, books and bus passes for first-generation learners in ${c}.</p>` },
  { cause: 205, title: (_n, c) => `Skills and livelihoods for women in ${c}`, story: (n, _r, c) => `<p>${n} trains women in tailoring and digital skills so they can earn on their own terms in ${c}.</p>` },
  { cause: 206, title: (_n, c) => `Plant 10,000 native trees around ${c}`, story: (n, _r, c) => `<p>${n} restores urban lakes and plants native forests around ${c} with local volunteers.</p>` },
];
const CREATIVE: StoryTemplate[] = [
  { cause: 301, title: (n) => `Fund ${n}'s documentary on India's vanishing crafts`, story: (n) => `<p>${n} has filmed weavers, potters and puppeteers across 12 states. Help finish post-production.</p>` },
  { cause: 302, title: (n) => `Help ${n} record a folk music album`, story: (n) => `<p>${n} travels with Baul singers and wants to record their songs before they are lost.</p>` },
  { cause: 303, title: (n) => `Publish ${n}'s picture book in six Indian languages`, story: (n) => `<p>A children's picture book by ${n}, translated into Hindi, Tamil, Telugu, Bengali, Marathi and Urdu.</p>` },
];
const PERSONAL: StoryTemplate[] = [
  { cause: 161, title: (n) => `In loving memory of ${n}`, story: (n, _r, c) => `<p>${n} spent a lifetime teaching children in ${c}. In memory, we are building a small library in the school.</p>` },
  { cause: 162, title: (n) => `Help ${n} study engineering`, story: (n, _r, c) => `<p>${n} topped the district exams in ${c} but cannot afford the college fees.</p>` },
  { cause: 163, title: (_n, c) => `Rebuild homes after the floods near ${c}`, story: (n, _r, c) => `<p>Floods destroyed 60 homes near ${c}. ${n} and neighbours are rebuilding with your help.</p>` },
];

const UPDATE_TEXTS = [
  'Thank you all! The first round of treatment went well and the doctors are hopeful.',
  'We crossed an important milestone today. Your messages keep us going.',
  'A quick update: the surgery is scheduled for next week. Please keep sharing.',
  'Receipts for the hospital bills so far are attached. Thank you for your trust.',
  'We visited the site today and the work has begun. Photos soon.',
];
const COMMENT_TEXTS = ['Praying for a speedy recovery!', 'Stay strong, you are not alone.', 'Shared with my office group.', 'Wonderful work, keep it up!', 'God bless the whole family.', 'Happy to help in a small way.'];
const DONATION_PRESETS_MAJOR = [100, 250, 500, 501, 1000, 1001, 2000, 2100, 5000, 10000];

export interface SeedResult {
  fundraisers: number;
  created: boolean;
}

/** Reference data every database needs (causes, default currency rates): idempotent, not demo content. */
export async function seedReference(db: Db) {
  await db.insert(s.causes).values(CAUSE_TREE).onConflictDoNothing();
  await db.insert(s.diseases).values(DISEASES).onConflictDoNothing();
  await db.insert(s.hospitals).values(HOSPITAL_LIST).onConflictDoNothing();
  await db
    .insert(s.currencyRates)
    .values(Object.entries(DEFAULT_INR_PER_UNIT_MICROS).map(([currency, inr_per_unit_micros]) => ({ currency, inr_per_unit_micros })))
    .onConflictDoNothing();
  await db
    .insert(s.whiteLabelDomains)
    .values([
      { host: 'partner.localhost', name: 'Asha Giving', theme_color: '#6d28d9', logo_url: '/media/brand/asha-logo.svg', favicon_url: '/media/brand/asha-favicon.svg', analytics_container_id: 'GTM-ASHA01' },
      { host: 'give.example.org', name: 'Example Foundation', theme_color: '#b45309', logo_url: null, favicon_url: null, analytics_container_id: 'GTM-EXMPL1' },
    ])
    .onConflictDoNothing();
}

/** Seeds the demo on an empty database; does nothing when demo fundraisers exist. */
export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<SeedResult> {
  await seedReference(db);
  const [{ n }] = await db.select({ n: count() }).from(s.fundraisers);
  if (n > 0) return { fundraisers: n, created: false };
  return insertDemo(db, opts);
}

/** The demo's rows, whatever else the database holds (seedDemo asks for an empty one; tests on a shared database do not). */
export async function insertDemo(db: Db, opts: { now?: Date } = {}): Promise<SeedResult> {
  await seedReference(db);
  const now = opts.now ?? new Date();
  const r = prng(20261122);
  const person = () => `${r.pick(FIRST)} ${r.pick(LAST)}`;

  return db.transaction(async (tx) => {
    const userRows: (typeof s.users.$inferInsert)[] = [];
    for (let i = 0; i < 24; i++) {
      const name = person();
      userRows.push({ full_name: name, email: `campaigner${i + 1}@demo.sahyog.in`, phone_1: `98${String(10000000 + i * 7919).slice(0, 8)}`, extension: '+91', pincode: '4000' + String(10 + i).slice(-2), entity_type: 'individual' });
    }
    const ngoNames = ['Annapurna Foundation', 'Paws of Hope Trust', 'Vriddh Ashram Society', 'Shiksha For All', 'Sakhi Women Collective', 'Green Roots India'];
    ngoNames.forEach((name, i) => userRows.push({ full_name: name, email: `ngo${i + 1}@demo.sahyog.in`, entity_type: 'ngo', phone_1: `99${String(20000000 + i * 3301).slice(0, 8)}`, extension: '+91', pan_number: `AAATN${1000 + i}K` }));
    userRows.push({ full_name: 'Care Hospital Desk', email: 'hospital@demo.sahyog.in', is_hospital: true, entity_type: 'individual' });
    userRows.push({ full_name: 'Field Sales Agent', email: 'fos@demo.sahyog.in', is_fos: true, entity_type: 'individual' });
    userRows.push({ full_name: 'Review Desk', email: 'reviewer@demo.sahyog.in', entity_type: 'individual', email_verified_at: now });
    // the operations desk's staff, one per role (support, finance, admin)
    for (const role of STAFF_ROLES) userRows.push({ full_name: `Desk ${role[0].toUpperCase()}${role.slice(1)}`, email: `${role}@demo.sahyog.in`, entity_type: 'individual', email_verified_at: now });
    for (let i = 0; i < 40; i++) {
      userRows.push({ full_name: person(), email: `donor${i + 1}@demo.sahyog.in`, entity_type: 'individual', phone_1: `97${String(30000000 + i * 4111).slice(0, 8)}`, extension: '+91' });
    }
    // one hash for all demo accounts: scrypt is slow on purpose
    const demoHash = await hashSecret(DEMO_PASSWORD);
    for (const u of userRows) u.password_hash = demoHash;
    const users = await tx.insert(s.users).values(userRows).returning({ id: s.users.id, email: s.users.email, full_name: s.users.full_name });
    const campaigners = users.filter((u) => u.email.startsWith('campaigner'));
    const ngos = users.filter((u) => u.email.startsWith('ngo'));
    const donors = users.filter((u) => u.email.startsWith('donor'));
    const hospital = users.find((u) => u.email.startsWith('hospital'))!;
    const fos = users.find((u) => u.email.startsWith('fos'))!;
    // the demo's fundraiser reviewer: a platform membership, so the demo needs no REVIEWER_EMAILS
    const reviewer = users.find((u) => u.email.startsWith('reviewer'))!;
    await tx.insert(s.memberships).values({ user_id: reviewer.id, scope: MEMBERSHIP.reviewer.scope, role: MEMBERSHIP.reviewer.role });
    for (const role of STAFF_ROLES) await tx.insert(s.memberships).values({ user_id: users.find((u) => u.email === `${role}@demo.sahyog.in`)!.id, scope: STAFF_SCOPE, role });

    const entities = await tx
      .insert(s.entityDetails)
      .values(ngos.map((u, i) => ({ user_id: u.id, entity_type: 'ngo' as const, name: u.full_name, registration_number: `NGO/REG/${2010 + i}/${400 + i}`, pan_number: `AAATN${1000 + i}K`, has_80g: true, city: CITIES[i] })))
      .returning({ id: s.entityDetails.id, user_id: s.entityDetails.user_id });
    // FCRA: two demo NGOs may take foreign citizens' gifts (their FCRA accounts at SBI's New Delhi main branch); the others may not
    for (const [n, i] of [[0, 0], [3, 1]] as const) {
      await tx
        .update(s.entityDetails)
        .set({ fcra_number: `23165020${i + 1}`, fcra_valid_until: '2031-03-31', fcra_account_holder: `${ngos[n].full_name} FCRA`, fcra_account_number: `4000123456${n}`, fcra_ifsc: 'SBIN0000691' })
        .where(eq(s.entityDetails.id, entities[n].id));
    }
    const [hospitalEntity] = await tx.insert(s.entityDetails).values({ user_id: hospital.id, entity_type: 'individual', name: 'Care Hospital', city: 'Hyderabad' }).returning({ id: s.entityDetails.id });
    await tx.insert(s.subscriptions).values([
      { user_id: donors[0].id, sip_cause: 'medical', amount_minor: 50000, status_flag: SIP_STATUS.active, next_payment_date: new Date(now.getTime() + 12 * DAY_MS) },
      { user_id: donors[1].id, sip_cause: 'animals', amount_minor: 20000, status_flag: SIP_STATUS.pausedByDonor },
    ]);

    const fundraiserRows: (typeof s.fundraisers.$inferInsert)[] = [];
    const plan: { kind: 'medical' | 'ngo' | 'creative' | 'personal'; t: StoryTemplate }[] = [];
    for (let i = 0; i < 72; i++) {
      const roll = i % 12;
      if (roll < 6) plan.push({ kind: 'medical', t: MEDICAL[i % MEDICAL.length] });
      else if (roll < 9) plan.push({ kind: 'ngo', t: NGO[i % NGO.length] });
      else if (roll < 10) plan.push({ kind: 'creative', t: CREATIVE[i % CREATIVE.length] });
      else plan.push({ kind: 'personal', t: PERSONAL[i % PERSONAL.length] });
    }
    const usedTags = new Set<string>();
    plan.forEach(({ kind, t }, i) => {
      const city = r.pick(CITIES);
      const hospitalName = r.pick(HOSPITALS);
      const relation = r.pick(BENEFICIARY_RELATIONS);
      const isNgo = kind === 'ngo';
      const entityIdx = i % entities.length;
      const campaigner = isNgo ? ngos[entityIdx] : campaigners[i % campaigners.length];
      const beneficiary = isNgo ? campaigner.full_name : person();
      const title = t.title(beneficiary.split(' ')[0], city);
      let tag = slugify(title);
      while (usedTags.has(tag)) tag = `${slugify(title)}-${i}`;
      usedTags.add(tag);
      const goalMajor = r.pick([150000, 300000, 500000, 800000, 1200000, 2500000, 4000000]);
      // spec 4: some ended by status 4, some by a past end date, the rest running
      const endedByStatus = i % 17 === 5;
      const endedByDate = i % 19 === 7;
      const daysLeft = endedByDate ? -r.int(3, 40) : r.int(2, 90);
      fundraiserRows.push({
        custom_tag: tag,
        title,
        status_flag: endedByStatus ? FUNDRAISER_STATUS.ended : i % 9 === 4 ? FUNDRAISER_STATUS.liveAlt : FUNDRAISER_STATUS.live,
        end_date: new Date(now.getTime() + daysLeft * DAY_MS),
        currency: 'INR',
        goal_minor: goalMajor * 100,
        taxexempted: isNgo,
        beneficiary_tax_benefit: kind === 'medical' && i % 5 === 0,
        beneficiary_name: isNgo ? null : beneficiary,
        beneficiary_relation: isNgo ? null : relation,
        beneficiary_age: isNgo ? null : r.int(1, 75),
        campaigner_id: campaigner.id,
        manager_id: i % 8 === 3 ? hospital.id : null,
        creator_entity_details_id: i % 11 === 2 ? hospitalEntity.id : isNgo ? entities[entityIdx].id : null,
        entity_details_id: isNgo ? entities[entityIdx].id : null,
        cause_id: t.cause,
        parent_cause_id: isNgo ? CAUSE.ngo : kind === 'creative' ? CAUSE.creative : CAUSE.personalMedical,
        is_private: i % 23 === 11,
        story_title: title,
        story_description: t.story(beneficiary, relation, city, hospitalName),
        short_description: t.story(beneficiary, relation, city, hospitalName).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 140),
        disease: t.disease ?? null,
        hospital_name: kind === 'medical' ? hospitalName : null,
        patient_number: kind === 'medical' ? `PT-${100000 + i}` : null,
        city,
        is_urgent: !endedByDate && daysLeft <= 10 && (ALL_MEDICAL_CAUSE_IDS as readonly number[]).includes(t.cause),
        trending_score: r.int(0, 1000),
        published_at: new Date(now.getTime() - r.int(5, 120) * DAY_MS),
      });
    });
    // the private fundraisers share one demo PIN, shown in the README
    const pinHash = await hashPin(DEMO_PIN);
    for (const row of fundraiserRows) if (row.is_private) row.pin_hash = pinHash;
    const frs = await tx.insert(s.fundraisers).values(fundraiserRows).returning({ id: s.fundraisers.id, is_private: s.fundraisers.is_private });
    // each went live through review; one in five was sent back once first (the transparency page counts both)
    const outcomeRows: (typeof s.reviewOutcomes.$inferInsert)[] = [];
    frs.forEach((f, i) => {
      const approvedAt = fundraiserRows[i].published_at!;
      if (i % 5 === 1) outcomeRows.push({ fundraiser_id: f.id, decision: 'sent_back', category: REVIEW_SEND_BACK_CATEGORIES[i % REVIEW_SEND_BACK_CATEGORIES.length], decided_at: new Date(approvedAt.getTime() - 2 * DAY_MS) });
      outcomeRows.push({ fundraiser_id: f.id, decision: 'approved', decided_at: approvedAt });
    });
    await tx.insert(s.reviewOutcomes).values(outcomeRows);

    // media: mostly a leaderboard image; a few with only theater, only widget, none, or a broken one
    const mediaRows: (typeof s.fundraiserMedia.$inferInsert)[] = [];
    frs.forEach((f, i) => {
      // a picture that tells the cause: hospital, animals, school, food, flood relief...
      const art = (kind: string) => demoImagePath(causeSlugForArt(causeSlugOf.get(fundraiserRows[i].cause_id ?? 0)), f.id, kind);
      if (i % 13 === 6) mediaRows.push({ fundraiser_id: f.id, kind: 'theater', cdn_path: art('theater'), width: 1200, height: 675 });
      else if (i % 13 === 9) mediaRows.push({ fundraiser_id: f.id, kind: 'widget', cdn_path: art('widget'), width: 600, height: 338 });
      else if (i % 29 === 14) mediaRows.push({ fundraiser_id: f.id, kind: 'leaderboard', cdn_path: `/media/missing/${f.id}.jpg`, width: 1200, height: 675 });
      else if (i % 31 !== 20) mediaRows.push({ fundraiser_id: f.id, kind: 'leaderboard', cdn_path: art('leaderboard'), width: 1200, height: 675 });
      for (let g = 0; g < (i % 3); g++) mediaRows.push({ fundraiser_id: f.id, kind: 'gallery', cdn_path: art(`gallery-${g + 1}`), width: 1200, height: 675, position: g });
    });
    await tx.insert(s.fundraiserMedia).values(mediaRows);

    // donations: carts, successful orders, ledger entries; raised totals computed from them
    const raised = new Map<number, { minor: number; donors: number }>();
    const currencies: CurrencyCode[] = ['INR', 'INR', 'INR', 'INR', 'INR', 'INR', 'USD', 'GBP', 'AED', 'SGD'];
    let orderSeq = 0;
    for (const [i, f] of frs.entries()) {
      const goal = fundraiserRows[i].goal_minor!;
      const target = i % 7 === 0 ? 0.75 : r.next() * 0.6;
      const nDonations = i % 10 === 3 ? 0 : r.int(3, 30);
      const cartRows: (typeof s.carts.$inferInsert)[] = [];
      const amounts: { currency: CurrencyCode; minor: number; inr: number; tip: number; donor: (typeof donors)[number] }[] = [];
      for (let d = 0; d < nDonations; d++) {
        const currency = r.pick(currencies);
        const donor = r.pick(donors);
        const major = currency === 'INR' ? Math.max(100, Math.round((goal / 100) * target / nDonations / 100) * 100 || r.pick(DONATION_PRESETS_MAJOR)) : r.pick([10, 25, 50, 100, 250]);
        const minor = major * 100;
        const inr = convertMinor(minor, DEFAULT_INR_PER_UNIT_MICROS[currency], DEFAULT_INR_PER_UNIT_MICROS.INR);
        const tip = r.chance(0.3) ? Math.round(minor * 0.1) : 0;
        amounts.push({ currency, minor, inr, tip, donor });
        cartRows.push({ fundraiser_id: f.id, user_id: donor.id, currency, donated_amount_minor: minor, donated_amount_inr_minor: inr, tip_amount_minor: tip, donor_name: donor.full_name, donor_email: donor.email, is_anonymous: r.chance(0.15), is_indian: currency === 'INR', device: r.pick(['mobile', 'desktop']) });
      }
      if (!cartRows.length) continue;
      const cartIds = await tx.insert(s.carts).values(cartRows).returning({ id: s.carts.id });
      const orderRows: (typeof s.orders.$inferInsert)[] = [];
      const ledgerRows: (typeof s.ledgerEntries.$inferInsert)[] = [];
      let total = 0;
      amounts.forEach((a, d) => {
        orderSeq++;
        const orderId = `DEMO${String(orderSeq).padStart(8, '0')}`;
        const settledAt = new Date(now.getTime() - (nDonations - d) * 3600_000 * r.int(1, 20));
        orderRows.push({ order_id: orderId, cart_id: cartIds[d].id, fundraiser_id: f.id, user_id: a.donor.id, payment_mode: r.pick(['UPI', 'CARD', 'VPA']), payment_gateway: 'sandbox', iso_currency: a.currency, donated_amount_minor: a.minor, tip_amount_minor: a.tip, credited_amount_minor: a.inr, charged: true, status: 'success', gateway_order_id: `sbx_order_${orderId}`, gateway_payment_id: `sbx_pay_${orderId}`, origin: 's', created_at: settledAt, updated_at: settledAt, settled_at: settledAt });
        ledgerRows.push({ group_id: orderId, account: `fundraiser:${f.id}`, kind: 'donation', amount_minor: a.inr, currency: 'INR', created_at: settledAt });
        if (a.tip) ledgerRows.push({ group_id: orderId, account: 'platform:tips', kind: 'tip', amount_minor: a.tip, currency: a.currency, created_at: settledAt });
        total += a.inr;
      });
      await tx.insert(s.orders).values(orderRows);
      await tx.insert(s.ledgerEntries).values(ledgerRows);
      raised.set(f.id, { minor: total, donors: amounts.length });
    }
    for (const [id, v] of raised) {
      await tx.update(s.fundraisers).set({ raised_minor: v.minor, donor_count: v.donors }).where(eq(s.fundraisers.id, id));
    }
    // success stories: well funded (spec 5: raised over target above 0.6)
    await tx.execute(sql`update fundraisers set is_success_story = true where goal_minor > 0 and raised_minor::float8 / goal_minor > ${SUCCESSFUL_FUNDING_RATIO}`);

    // supporting fundraisers: a few public NGO/creative fundraisers raise for the first medical ones
    const supportTargets = frs.filter((_, i) => !fundraiserRows[i].is_private).slice(0, 3);
    const supporters = frs.filter((_, i) => !fundraiserRows[i].is_private).slice(-6);
    for (const [k, sup] of supporters.entries()) {
      await tx.update(s.fundraisers).set({ support_campaign_id: supportTargets[k % supportTargets.length].id }).where(eq(s.fundraisers.id, sup.id));
    }
    // as lib/fundraisers/supporting.ts makes them: the parent's cause, beneficiary and currency, the supporter's words
    await tx.execute(sql`
      update fundraisers c set
        title = left('Team ' || split_part(u.full_name, ' ', 1) || ' for ' || split_part(coalesce(p.beneficiary_name, p.title), ' ', 1), ${FUNDRAISER_TITLE_MAX}),
        story_title = left('Team ' || split_part(u.full_name, ' ', 1) || ' for ' || split_part(coalesce(p.beneficiary_name, p.title), ' ', 1), ${FUNDRAISER_TITLE_MAX}),
        custom_tag = lower('team-' || split_part(u.full_name, ' ', 1) || '-for-' || split_part(coalesce(p.beneficiary_name, p.title), ' ', 1)) || '-' || c.id,
        story_description = '<p>' || u.full_name || ' is raising for “' || p.title || '”. Every rupee given here reaches ' || coalesce(p.beneficiary_name, 'the cause') || ' through that fundraiser, and counts towards its goal.</p>',
        short_description = u.full_name || ' is raising for “' || p.title || '”.',
        cause_id = p.cause_id, parent_cause_id = p.parent_cause_id, currency = p.currency, beneficiary_name = p.beneficiary_name,
        beneficiary_relation = p.beneficiary_relation, beneficiary_age = p.beneficiary_age, disease = p.disease, hospital_name = p.hospital_name,
        entity_details_id = p.entity_details_id, taxexempted = p.taxexempted, beneficiary_tax_benefit = p.beneficiary_tax_benefit, city = p.city
      from fundraisers p, users u
      where c.support_campaign_id = p.id and u.id = c.campaigner_id`);
    // and their money rolls up into the parent's total, as settlement does (lib/payments/events.ts)
    await tx.execute(sql`
      update fundraisers p set raised_minor = p.raised_minor + k.raised, donor_count = p.donor_count + k.donors
      from (select support_campaign_id as id, sum(raised_minor) as raised, sum(donor_count) as donors from fundraisers where support_campaign_id is not null group by support_campaign_id) k
      where p.id = k.id`);

    // spec 6: medical fundraisers name a hospital of the list, and the demo hospital desk is the first one's
    await tx.execute(sql`update fundraisers f set hospital_id = h.id from hospitals h where h.name = f.hospital_name and f.hospital_id is null`);
    await tx.execute(sql`update users set hospital_id = (select hospital_id from fundraisers where hospital_id is not null order by id limit 1) where id = ${hospital.id}`);

    // updates and comments
    const updateRows: (typeof s.updates.$inferInsert)[] = [];
    const commentRows: (typeof s.comments.$inferInsert)[] = [];
    frs.forEach((f, i) => {
      const campaignerId = fundraiserRows[i].campaigner_id;
      for (let u = 0; u < i % 5; u++) updateRows.push({ fundraiser_id: f.id, author_id: campaignerId, title: `Update ${u + 1}`, body_html: `<p>${UPDATE_TEXTS[(i + u) % UPDATE_TEXTS.length]}</p>`, likes_count: r.int(0, 60), created_at: new Date(now.getTime() - (10 - u) * DAY_MS) });
      for (let c = 0; c < (i % 7); c++) commentRows.push({ fundraiser_id: f.id, user_id: r.pick(donors).id, body: r.pick(COMMENT_TEXTS), created_at: new Date(now.getTime() - r.int(1, 200) * 3600_000) });
    });
    if (updateRows.length) await tx.insert(s.updates).values(updateRows);
    if (commentRows.length) await tx.insert(s.comments).values(commentRows);
    await tx.insert(s.rewards).values(frs.filter((_, i) => i % 6 === 1).map((f) => ({ fundraiser_id: f.id, title: 'Thank-you postcard', description: 'A handwritten postcard from the family.', min_amount_minor: 100000 })));
    void fos;
    await seedDemoEvents(tx, now);
    // a sponsor's coupon to try on the payment page: ₹100 added to a gift, for a year and 1,000 gifts;
    // once per donor, 20 gifts per fundraiser at most, within the sponsor's ₹1,00,000
    await tx
      .insert(s.coupons)
      .values({ code: DEMO_COUPON_CODE, sponsor: 'Sahyog Friends', currency: 'INR', amount_minor: 10_000, max_uses: 1000, max_uses_per_donor: 1, max_uses_per_fundraiser: 20, budget_minor: toMinor(100_000), valid_until: new Date(now.getTime() + 365 * 24 * 3600 * 1000) })
      .onConflictDoNothing();
    // spec 9 prize credit (₹300) for two demo donors, to give from on the payment page (spec 7 redeem amount)
    const prized = await tx.select({ id: s.users.id }).from(s.users).where(sql`${s.users.email} in ('donor21@demo.sahyog.in', 'donor22@demo.sahyog.in')`);
    if (prized.length) await tx.insert(s.walletEntries).values(prized.map((u) => ({ user_id: u.id, currency: 'INR', amount_minor: toMinor(PRIZE_AMOUNT_MAJOR.INR), reason: 'prize', ref: `${u.id}:INR:demo` }))).onConflictDoNothing();
    return { fundraisers: frs.length, created: true };
  });
}

/** Adds plain active fundraisers until the database holds `target` of them (scale tests). */
export async function seedBulk(db: Db, target: number, log: (msg: string) => void = () => {}): Promise<number> {
  await seedReference(db);
  const [{ n }] = await db.select({ n: count() }).from(s.fundraisers);
  if (n >= target) return n;
  const email = 'bulk@demo.sahyog.in';
  let [owner] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email));
  if (!owner) [owner] = await db.insert(s.users).values({ full_name: 'Bulk Campaigner', email }).returning({ id: s.users.id });
  const r = prng(target);
  const now = Date.now();
  const batch = 1000;
  let made = n;
  while (made < target) {
    const size = Math.min(batch, target - made);
    const rows: (typeof s.fundraisers.$inferInsert)[] = [];
    for (let k = 0; k < size; k++) {
      const seq = made + k + 1;
      const t = r.pick([...MEDICAL, ...NGO, ...CREATIVE]);
      const city = r.pick(CITIES);
      const name = `${r.pick(FIRST)} ${r.pick(LAST)}`;
      const title = t.title(name.split(' ')[0], city);
      const isNgo = NGO.includes(t);
      rows.push({
        custom_tag: `${slugify(title).slice(0, 48)}-b${seq}`,
        title,
        currency: 'INR',
        goal_minor: r.pick([200000, 500000, 1000000]) * 100,
        raised_minor: 0,
        campaigner_id: owner.id,
        cause_id: t.cause,
        parent_cause_id: isNgo ? CAUSE.ngo : CREATIVE.includes(t) ? CAUSE.creative : CAUSE.personalMedical,
        taxexempted: isNgo,
        beneficiary_name: name,
        story_title: title,
        story_description: t.story(name, 'friend', city, r.pick(HOSPITALS)),
        short_description: title,
        city,
        end_date: new Date(now + r.int(5, 120) * DAY_MS),
        trending_score: r.int(0, 1000),
        published_at: new Date(now - r.int(1, 300) * DAY_MS),
      });
    }
    const ids = await db.insert(s.fundraisers).values(rows).returning({ id: s.fundraisers.id, cause_id: s.fundraisers.cause_id });
    await db.insert(s.fundraiserMedia).values(ids.map((f) => ({ fundraiser_id: f.id, kind: 'leaderboard' as const, cdn_path: demoImagePath(causeSlugForArt(causeSlugOf.get(f.cause_id ?? 0)), f.id, 'leaderboard'), width: 1200, height: 675 })));
    made += size;
    if (Math.floor(made / 10000) > Math.floor((made - size) / 10000) || made === target) log(`${made} fundraisers`);
  }
  return made;
}
