// Donations per day as a bar chart drawn on the server (no JavaScript), with the same figures as a table for
// screen readers and anyone who prefers numbers. Bars run from the start edge, so the chart reads right to left in RTL.
import type { DashboardDay } from '@/lib/fundraisers/dashboard';
import { formatMoney } from '@/lib/money';

interface Props {
  days: DashboardDay[];
  currency: string;
  locale: string;
  labels: { title: string; summary: string; day: string; amount: string; donations: string; showTable: string };
}

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

export function DonationsChart({ days, currency, locale, labels }: Props) {
  const max = Math.max(1, ...days.map((d) => d.amount_minor));
  const bar = WIDTH / days.length;
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dateOf = (day: string) => short.format(new Date(`${day}T00:00:00Z`));
  return (
    <figure className="donations-chart">
      <figcaption>
        <strong>{labels.title}</strong>
        <span className="muted">{labels.summary}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${labels.title}. ${labels.summary}`} preserveAspectRatio="none" className="chart-svg">
        {days.map((d, i) => {
          const h = d.amount_minor > 0 ? Math.max(2, (d.amount_minor / max) * (HEIGHT - 4)) : 0;
          return (
            <rect key={d.day} x={i * bar + GAP / 2} y={HEIGHT - h} width={bar - GAP} height={h} rx={2} className="chart-bar">
              <title>{`${dateOf(d.day)}: ${formatMoney(d.amount_minor, currency, locale)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="chart-axis muted" aria-hidden="true">
        <span>{dateOf(days[0].day)}</span>
        <span>{dateOf(days[days.length - 1].day)}</span>
      </div>
      <details className="chart-table">
        <summary>{labels.showTable}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{labels.day}</th>
              <th scope="col">{labels.donations}</th>
              <th scope="col">{labels.amount}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dateOf(d.day)}</th>
                <td>{d.donations}</td>
                <td>{formatMoney(d.amount_minor, currency, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
