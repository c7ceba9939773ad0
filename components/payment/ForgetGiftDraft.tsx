'use client';
// A paid gift needs none of what the payment form kept in this tab for a retry.
import { useEffect } from 'react';
import { forgetGiftDrafts } from './gift-draft';

export function ForgetGiftDraft() {
  useEffect(() => forgetGiftDrafts(), []);
  return null;
}
