'use client';
// The receipt's Print button: the browser's own print dialog, with the receipt's print stylesheet.
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="btn btn-primary no-print" onClick={() => window.print()}>
      {label}
    </button>
  );
}
