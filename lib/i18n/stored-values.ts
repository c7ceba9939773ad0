// Values stored in English (beneficiary relations, cause names, payment modes) reach people only through messages.
import { BENEFICIARY_RELATIONS } from '../constants/fundraisers';
import { PAYMENT_MODES } from '../constants/giving';

/** The part of a next-intl translator (one namespace) these labels need. */
export interface Translator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

export type BeneficiaryRelation = (typeof BENEFICIARY_RELATIONS)[number];

export function isBeneficiaryRelation(value: string): value is BeneficiaryRelation {
  return (BENEFICIARY_RELATIONS as readonly string[]).includes(value);
}

/** With the Story messages: "Mother of the campaigner"; a relation outside the list is free text and keeps the generic wording. */
export function beneficiaryRelationText(t: Translator, relation: string): string {
  const stored = relation.trim().toLowerCase();
  return isBeneficiaryRelation(stored) ? t(`relations.${stored}`) : t('relation', { relation });
}

/** With the Causes messages, by slug; a cause added to the database without a message shows its stored name. */
export function causeName(t: Translator, cause: { slug?: string | null; info_1: string | null }): string {
  return cause.slug && t.has(cause.slug) ? t(cause.slug) : (cause.info_1 ?? '');
}

/** With the Payment messages: the label the payment form uses for the method (modeUPI, modeCARD ...). */
export function paymentModeName(t: Translator, mode: string): string {
  return (PAYMENT_MODES as readonly string[]).includes(mode) ? t(`mode${mode}`) : mode;
}
