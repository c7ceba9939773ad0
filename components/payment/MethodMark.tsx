// Marks for the payment methods, drawn here (no downloads): a donor recognises UPI, a card or a wallet at a glance.
import type { ReactNode } from 'react';
import { PAYMENT_OPTIONS, type PaymentOption } from '@/lib/payments/options';

const common = { width: 28, height: 28, viewBox: '0 0 28 28', 'aria-hidden': true, focusable: false } as const;

export function MethodMark({ mode }: { mode: PaymentOption }) {
  switch (mode) {
    case 'UPI':
      // UPI's two arrowheads, in its orange and green
      return (
        <svg {...common}>
          <path d="M8 4l7 10-7 10z" fill="#f47d20" />
          <path d="M13 4l7 10-7 10z" fill="#0b8f45" />
        </svg>
      );
    case 'VPA':
      return (
        // an ID card with UPI's arrowheads: a UPI address (no text inside, so the label reads as the method's name alone)
        <svg {...common}>
          <rect x="2" y="5" width="24" height="18" rx="3" fill="#e8f3ef" stroke="#0b8f45" strokeWidth="1.5" />
          <path d="M7 9l4 5-4 5z" fill="#f47d20" />
          <path d="M10 9l4 5-4 5z" fill="#0b8f45" />
          <rect x="16" y="11" width="7" height="2" rx="1" fill="#0b8f45" />
          <rect x="16" y="15" width="5" height="2" rx="1" fill="#0b8f45" />
        </svg>
      );
    case 'CARD':
      return (
        <svg {...common}>
          <rect x="2" y="6" width="24" height="16" rx="3" fill="#1e3a8a" />
          <rect x="2" y="10" width="24" height="3" fill="#93c5fd" />
          <rect x="5" y="16" width="8" height="2" rx="1" fill="#dbeafe" />
        </svg>
      );
    case 'PAYTM':
      return (
        <svg {...common}>
          <rect x="3" y="7" width="22" height="15" rx="3" fill="#00baf2" />
          <path d="M3 11h22" stroke="#002e6e" strokeWidth="2" />
          <circle cx="20" cy="16" r="2" fill="#fff" />
        </svg>
      );
    case 'NEFT':
      // a bank: pediment, columns and base
      return (
        <svg {...common}>
          <path d="M14 3l11 6H3z" fill="#475569" />
          <rect x="5" y="11" width="3" height="9" fill="#64748b" />
          <rect x="12.5" y="11" width="3" height="9" fill="#64748b" />
          <rect x="20" y="11" width="3" height="9" fill="#64748b" />
          <rect x="3" y="21" width="22" height="3" rx="1" fill="#475569" />
        </svg>
      );
  }
}

/** Every method's mark, drawn by the server page and handed to the forms as props: the browser gets the SVGs, not their code. */
export type MethodMarks = Partial<Record<PaymentOption, ReactNode>>;
export const methodMarks = (): MethodMarks => Object.fromEntries(PAYMENT_OPTIONS.map((m) => [m, <MethodMark key={m} mode={m} />]));
