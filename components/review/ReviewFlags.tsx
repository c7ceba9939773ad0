// What the screening found in a fundraiser's words, for the reviewer: each finding as text, never a link.
import type { ScreeningFlag } from '@/lib/content/screening';

export function ReviewFlags({ flags, heading, intro, t }: { flags: ScreeningFlag[]; heading: string; intro: string; t: (key: string) => string }) {
  if (!flags.length) return null;
  return (
    <div className="review-flags" data-testid="review-flags">
      <h3>{heading}</h3>
      <p className="muted">{intro}</p>
      <ul>
        {flags.map((f, i) => (
          <li key={`${f.kind}-${i}`}>
            <strong>{t(`flags.kinds.${f.kind}`)}</strong> <span className="muted">({t(`flags.fields.${f.field}`)})</span>
            <br />
            {/* shown as text, never a link: the reviewer reads where it would have sent donors */}
            <bdi dir="ltr" className="review-flag-found">
              {f.found}
            </bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}
