import React, {useId} from 'react';
import styles from './styles.module.css';

export interface ChartPoint {
  /** Label on the x axis (points are spaced evenly, in the order given). */
  x: string;
  y: number;
}

export interface LineChartProps {
  /** Heading of the figure, also the SVG's accessible name. */
  title: string;
  /** Where the figures come from; shown under the chart. */
  source: string;
  xLabel: string;
  yLabel: string;
  points: ChartPoint[];
  /** Digits after the decimal point in value labels. */
  digits?: number;
}

const WIDTH = 640;
const HEIGHT = 320;
const PAD = {top: 24, right: 24, bottom: 56, left: 64};

/** Round numbers that bracket [min, max], about five of them. */
export function ticks(min: number, max: number): number[] {
  const raw = (max - min) / 4 || 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step / 2; v += step) out.push(Number(v.toFixed(6)));
  if (out[out.length - 1] < max) out.push(out[out.length - 1] + step);
  return out;
}

/**
 * A line chart drawn as inline SVG when the page is rendered: no chart library
 * in the browser. The SVG's description spells out every value, so screen
 * readers get the figures the picture shows.
 */
export default function LineChart({title, source, xLabel, yLabel, points, digits = 2}: LineChartProps) {
  const id = useId();
  const values = points.map((p) => p.y);
  // Headroom so the lowest and highest points and their labels clear the frame.
  const margin = (Math.max(...values) - Math.min(...values)) * 0.08;
  const yTicks = ticks(Math.min(...values) - margin, Math.max(...values) + margin);
  const [yMin, yMax] = [yTicks[0], yTicks[yTicks.length - 1]];
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  // Points sit inset from the axes so end labels do not collide with tick labels.
  const inset = 32;
  const xAt = (i: number) =>
    PAD.left +
    inset +
    (points.length === 1 ? (plotW - 2 * inset) / 2 : (i * (plotW - 2 * inset)) / (points.length - 1));
  const yAt = (v: number) => PAD.top + plotH - ((v - yMin) / (yMax - yMin || 1)) * plotH;
  const summary = points.map((p) => `${p.x}: ${p.y.toFixed(digits)}`).join('; ');

  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${yLabel} by ${xLabel}. ${summary}.`}</desc>
        {yTicks.map((t) => (
          <g key={t}>
            <line className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={yAt(t)} y2={yAt(t)} />
            <text className={styles.tick} x={PAD.left - 8} y={yAt(t)} textAnchor="end" dominantBaseline="middle">
              {t}
            </text>
          </g>
        ))}
        {points.map((p, i) => (
          <text key={p.x} className={styles.tick} x={xAt(i)} y={HEIGHT - PAD.bottom + 20} textAnchor="middle">
            {p.x}
          </text>
        ))}
        <text className={styles.axis} x={PAD.left + plotW / 2} y={HEIGHT - 10} textAnchor="middle">
          {xLabel}
        </text>
        <text
          className={styles.axis}
          transform={`translate(16 ${PAD.top + plotH / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {yLabel}
        </text>
        <polyline className={styles.line} points={points.map((p, i) => `${xAt(i)},${yAt(p.y)}`).join(' ')} />
        {points.map((p, i) => (
          <g key={p.x}>
            <circle className={styles.point} cx={xAt(i)} cy={yAt(p.y)} r={5} />
            <text className={styles.value} x={xAt(i)} y={yAt(p.y) - 12} textAnchor="middle">
              {p.y.toFixed(digits)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className={styles.caption}>
        <strong>{title}.</strong> {source}
      </figcaption>
    </figure>
  );
}
