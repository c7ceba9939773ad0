'use client';
import { useState } from 'react';
import { recordShare } from './ShareLink';

export function CopyLinkButton({ url, label, copiedLabel, fundraiserId }: { url: string; label: string; copiedLabel: string; fundraiserId?: number }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // clipboard blocked (http, old browser): select a field the visitor can copy by hand
      window.prompt(label, url);
    }
    if (fundraiserId) recordShare(fundraiserId, 'copy');
    setCopied(true);
    setTimeout(() => setCopied(false), 3000);
  }
  return (
    <button type="button" className="share-item" onClick={copy} data-url={url}>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
