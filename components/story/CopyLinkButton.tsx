'use client';
import { useState } from 'react';

export function CopyLinkButton({ url, label, copiedLabel }: { url: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // clipboard blocked (http, old browser): select a field the visitor can copy by hand
      window.prompt(label, url);
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 3000);
  }
  return (
    <button type="button" className="share-item" onClick={copy} data-url={url}>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
