// Fundraisers as the API answers them: the field names of spec section 3.
import type { FundraiserDetail, FundraiserSummary } from './queries';
import { sanitizeStoryHtml } from '../content/sanitize';
import { cardImage, hasTaxBenefit, progressPercent } from './rules';
import { daysLeft, isFundraiserEnded } from './status';

const img = (m: { cdn_path: string } | null) => (m ? { cdn_path: m.cdn_path } : null);

export function fundraiserSummaryJson(f: FundraiserSummary, now = new Date()) {
  return {
    id: f.id,
    title: f.title,
    custom_tag: f.custom_tag,
    status_flag: f.status_flag,
    end_date: f.end_date,
    taxexempted: f.taxexempted,
    beneficiary: { tax_benefit: f.beneficiary_tax_benefit },
    images: { leaderboard: img(f.images.leaderboard), theater: img(f.images.theater), widget: img(f.images.widget) },
    card_image: cardImage(f.images),
    campaigner: { full_name: f.campaigner_name },
    cause_id: f.cause_id,
    parent_cause_id: f.parent_cause_id,
    currency: f.currency,
    goal_minor: f.goal_minor,
    raised_minor: f.raised_minor,
    donor_count: f.donor_count,
    progress_percent: progressPercent(f.raised_minor, f.goal_minor),
    tax_benefit: hasTaxBenefit(f),
    is_ended: isFundraiserEnded(f, now),
    days_left: daysLeft(f, now),
    is_private: f.is_private,
  };
}

/** A private fundraiser's story stays hidden until its PIN is verified (spec 2). */
export function fundraiserDetailJson(f: FundraiserDetail, opts: { storyVisible: boolean; now?: Date }) {
  const base = fundraiserSummaryJson(f, opts.now);
  const visible = opts.storyVisible || !f.is_private;
  return {
    ...base,
    beneficiary: {
      tax_benefit: f.beneficiary_tax_benefit,
      name: visible ? f.beneficiary_name : null,
      relation: visible ? f.beneficiary_relation : null,
      age: visible ? f.beneficiary_age : null,
    },
    images: { ...base.images, gallery: visible ? f.gallery.map((g) => ({ cdn_path: g.cdn_path })) : [] },
    support_campaign: f.support_campaign_id ? { id: f.support_campaign_id } : null,
    story_title: { info_1: visible ? f.story_title : null },
    story_description: { info_1: visible ? f.story_description : null },
    // the story as our pages render it: sanitised on the server
    story_html: visible ? sanitizeStoryHtml(f.story_description) : null,
    beneficiaryrelation: { info_1: visible ? f.beneficiary_relation : null },
    creator_entity_details_id: f.creator_entity_details_id,
    entity_details_id: f.entity_details_id,
    manager_id: f.manager_id,
    cause: { id: f.cause_id, info_1: f.cause_name },
    media: visible ? f.media.map((m) => ({ display_type_1: m.display_type_1 ?? m.kind, path: m.path, file_name: m.file_name })) : [],
    pin_required: f.is_private && !opts.storyVisible,
  };
}
