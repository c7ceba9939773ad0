// The wizard's answers as the form holds them (every field a string), read from a saved draft or this browser's dock.
import { ALL_MEDICAL_CAUSE_IDS, CAUSE } from '@/lib/constants/fundraisers';
import { WIZARD_STEPS, type WizardStep } from '@/lib/validation/drafts';
import { purposeOf, type CampaignPurpose, type CauseGroup } from '@/lib/fundraisers/wizard';
import type { DraftView } from '@/lib/fundraisers/draft-view';
import type { PickerItem } from './SearchPicker';
import type { Dock } from './dock';

export type Values = Record<string, string>;
/** a field's message, when it has one */
export type FieldError = (name: string) => string | undefined;
/** what the pickers show: the draft keeps only the ids */
export interface Picked {
  disease: PickerItem | null;
  hospital: PickerItem | null;
}
export interface CauseChoice {
  id: number;
  label: string;
}

export const GROUP_PARENT: Record<CauseGroup, number> = { medical: CAUSE.personalMedical, personal: CAUSE.personalMedical, ngo: CAUSE.ngo, creative: CAUSE.creative };
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const isStep = (s: string | null): s is WizardStep => (WIZARD_STEPS as readonly string[]).includes(s ?? '');

export function groupOf(parent: number, cause: number, fallback: CauseGroup | null): CauseGroup | null {
  if (parent === CAUSE.ngo) return 'ngo';
  if (parent === CAUSE.creative) return 'creative';
  if (parent === CAUSE.personalMedical && cause !== parent) return (ALL_MEDICAL_CAUSE_IDS as readonly number[]).includes(cause) ? 'medical' : 'personal';
  return fallback;
}

/** The parent cause sent with every save, and the purpose that decides the steps (the group's until a cause is chosen). */
export function chosenCause(values: Values, group: CauseGroup | null): { parent: number; purpose: CampaignPurpose } {
  const parent = Number(values.parent_cause_id) || (group ? GROUP_PARENT[group] : 0);
  const cause = Number(values.cause_id) || parent;
  const purpose: CampaignPurpose = values.cause_id ? purposeOf({ parent_cause_id: parent, cause_id: cause }) : group === 'medical' ? 'medical' : group === 'ngo' ? 'ngo' : 'other';
  return { parent, purpose };
}

export function valuesOfDraft(d: DraftView | null): Values {
  if (!d) return {};
  return {
    parent_cause_id: str(d.parent_cause_id),
    cause_id: d.cause_id === d.parent_cause_id ? '' : str(d.cause_id),
    beneficiary_relation: str(d.beneficiary.relation),
    beneficiary_name: str(d.beneficiary.name),
    beneficiary_age: str(d.beneficiary.age),
    city: str(d.city),
    disease_id: str(d.disease.id),
    // a hospital entered by hand stays in its own fields until a reviewer confirms it
    hospital_id: d.hospital.confirmed ? str(d.hospital.id) : '',
    new_hospital_name: d.hospital.id && !d.hospital.confirmed ? str(d.hospital.name) : '',
    new_hospital_city: d.hospital.id && !d.hospital.confirmed ? str(d.hospital.city) : '',
    hospitalisation_status: str(d.hospitalisation_status),
    patient_number: str(d.patient_number),
    referral_option: str(d.referral_option),
    owner_qualification: str(d.owner.qualification),
    owner_occupation: str(d.owner.occupation),
    owner_salary: str(d.owner.salary),
    title: str(d.title),
    short_description: str(d.short_description),
    story: str(d.story_description.info_1),
    goal: d.goal > 0 ? str(d.goal) : '',
    currency: str(d.currency || 'INR'),
    end_date: str(d.end_date),
    about: str(d.about),
    brand_survey: str(d.brand_survey),
  };
}

export function valuesOfDock(dock: Dock): Values {
  return { currency: 'INR', ...Object.fromEntries(Object.entries(dock.fields).map(([k, v]) => [k, str(v)])), parent_cause_id: str(dock.parent_cause_id) };
}

export function pickedOfDraft(d: DraftView | null): Picked {
  return {
    disease: d?.disease.id ? { id: d.disease.id, name: d.disease.name ?? '' } : null,
    hospital: d?.hospital.id && d.hospital.confirmed ? { id: d.hospital.id, name: d.hospital.name ?? '' } : null,
  };
}

export function pickedOfDock(dock: Dock): Picked {
  return {
    disease: dock.fields.disease_id && dock.names?.disease ? { id: dock.fields.disease_id, name: dock.names.disease } : null,
    hospital: dock.fields.hospital_id && dock.names?.hospital ? { id: dock.fields.hospital_id, name: dock.names.hospital } : null,
  };
}

/** a hospital typed by hand (not yet in the list) */
export const ownHospitalOfDraft = (d: DraftView | null) => Boolean(d?.hospital.id && !d.hospital.confirmed);
