import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { formatKES } from '@shambasoko/shared';
import { useT } from '../../../lib/i18n-reports';

type Props = {
  kind: 'bars' | 'line';
  /** What the chart shows, for its accessible name ("Sales by product"). */
  title: string;
  labels: readonly string[];
  values: readonly number[];
  /** Money values read in shillings on the axis; counts read as they are. */
  money?: boolean;
};

const HEIGHT = 220;
const GREEN = '#047857';

/** uPlot and its stylesheet, fetched with the first chart: no other page of the market carries them. */
const loadUplot = () =>
  Promise.all([import(/* webpackChunkName: "uplot" */ 'uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default);

function options(kind: Props['kind'], labels: readonly string[], width: number, money: boolean, uplot: typeof uPlot): uPlot.Options {
  const n = labels.length;
  const label = (i: number) => labels[Math.round(i)] ?? '';
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: kind === 'bars' ? [-0.5, n - 0.5] : [0, Math.max(n - 1, 1)] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        // One label per bar or point, every other one when they would crowd a phone's width.
        splits: () => labels.map((_, i) => i).filter((i) => n <= 6 || i % Math.ceil(n / 6) === 0),
        values: (_u, splits) => splits.map((i) => label(i).slice(0, 10)),
        size: 36,
      },
      { values: (_u, splits) => splits.map((v) => (money ? formatKES(v) : String(v))), size: money ? 90 : 40 },
    ],
    series: [
      {},
      kind === 'bars'
        ? { stroke: GREEN, fill: `${GREEN}cc`, paths: uplot.paths.bars!({ size: [0.7, 64] }), points: { show: false } }
        : { stroke: GREEN, width: 2, fill: `${GREEN}22`, points: { show: true, size: 6 } },
    ],
  };
}

/**
 * A bar or line chart drawn by uPlot on a canvas. The canvas says nothing to a screen reader: the
 * chart is an image named by its title, and the table under it holds the same figures as text.
 */
export function Chart({ kind, title, labels, values, money = false }: Props) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: uPlot | undefined;
    let gone = false;
    const el = box.current;
    if (!el || labels.length === 0) return;
    loadUplot()
      .then((uplot) => {
        if (gone) return;
        const xs = labels.map((_, i) => i);
        plot = new uplot(options(kind, labels, el.clientWidth || 360, money, uplot), [xs, [...values]], el);
      })
      // Without the chart (a failed download, no canvas) the table below still tells everything.
      .catch(() => undefined);
    return () => {
      gone = true;
      plot?.destroy();
    };
  }, [kind, labels, values, money]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={t(kind === 'bars' ? 'chart.bars' : 'chart.line', { title })}
      className="mb-4 min-h-[220px] w-full overflow-hidden"
    />
  );
}
