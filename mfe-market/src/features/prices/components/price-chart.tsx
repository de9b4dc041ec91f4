import type { PriceSeries } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/shared';

const WIDTH = 360;
const HEIGHT = 180;
const LEFT = 8;
const BOTTOM = 22;
const TOP = 10;

interface Props {
  series: PriceSeries;
  /** The chart's accessible name; the table beside it holds the same figures as text. */
  title: string;
  /** Short month names ("Nov"), by YYYY-MM. */
  monthLabel: (month: string) => string;
}

/**
 * Twelve months as bars from the lower to the upper quartile with the median marked: plain SVG (no chart
 * library to download on a phone). Months with too few sales are a grey tick on the axis.
 */
export function PriceChart({ series, title, monthLabel }: Props) {
  const figures = series.months.flatMap((m) => (m.sold ? [m.sold] : []));
  const max = Math.max(1, ...figures.map((f) => f.high)) * 1.1;
  const slot = (WIDTH - LEFT) / series.months.length;
  const y = (value: number) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - value / max);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className="h-auto w-full" data-testid="price-chart">
      <line x1={LEFT} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-stone-300" />
      {series.months.map((m, i) => {
        const x = LEFT + slot * i + slot / 2;
        return (
          <g key={m.month}>
            {m.sold ? (
              <>
                <rect
                  x={x - slot * 0.3}
                  width={slot * 0.6}
                  y={y(m.sold.high)}
                  height={Math.max(2, y(m.sold.low) - y(m.sold.high))}
                  rx={3}
                  className="fill-brand-600/30"
                >
                  <title>{`${m.month}: ${formatKES(m.sold.median)}`}</title>
                </rect>
                <line
                  x1={x - slot * 0.35}
                  x2={x + slot * 0.35}
                  y1={y(m.sold.median)}
                  y2={y(m.sold.median)}
                  strokeWidth={3}
                  className="stroke-brand-700"
                />
              </>
            ) : (
              <line x1={x} x2={x} y1={HEIGHT - BOTTOM - 4} y2={HEIGHT - BOTTOM} className="stroke-stone-300" />
            )}
            <text x={x} y={HEIGHT - 6} textAnchor="middle" fontSize={10} className="fill-stone-500">
              {monthLabel(m.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
