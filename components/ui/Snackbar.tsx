'use client';
// spec 8 snackbar: bottom centre on phones (top centre for sign-up errors), closes itself, closable, one optional action.
import { useEffect } from 'react';

export interface SnackbarMessage {
  text: string;
  tone: 'error' | 'info';
  durationMs: number;
  position?: 'top' | 'bottom';
  action?: { label: string; onClick: () => void };
}

export function Snackbar({ message, onClose, closeLabel }: { message: SnackbarMessage | null; onClose: () => void; closeLabel: string }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, message.durationMs);
    return () => clearTimeout(timer);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <div className={`snackbar snackbar-${message.position ?? 'bottom'} snackbar-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="snackbar">
      <span>{message.text}</span>
      {message.action && (
        <button type="button" className="snackbar-action" onClick={message.action.onClick}>
          {message.action.label}
        </button>
      )}
      <button type="button" className="snackbar-close" aria-label={closeLabel} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
