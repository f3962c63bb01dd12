import { memo, useEffect, useId, useRef, useState } from 'react';
import { formatShortDate } from '../../i18n/exam';

export interface ChartPoint {
  /** ISO date-time of the submission. */
  at: string;
  score: number;
}

interface ScoreChartProps {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  min: number;
  max: number;
  target: number | null;
  targetLabel: string | null;
  color: string;
}

const DEFAULT_WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 16, right: 16, bottom: 36, left: 44 };

/** Grid lines every 100 points from the first multiple of 100 at or above `min`. */
function ticks(min: number, max: number): number[] {
  const step = max - min > 500 ? 200 : 100;
  const out: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max; value += step) out.push(value);
  return out;
}

/**
 * Scores over time as a hand-written SVG line (oldest left), with the target as a dashed line.
 * It is one image to assistive technology (`role="img"`, titled and described); the same data
 * sits in a table beside it for reading value by value.
 */
export const ScoreChart = memo(function ScoreChart({
  title,
  description,
  points,
  min,
  max,
  target,
  targetLabel,
  color,
}: ScoreChartProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // Drawn at the width it is shown at, so labels keep their size on a phone instead of shrinking.
  const [WIDTH, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(280, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (innerW * i) / (points.length - 1));
  const y = (score: number) =>
    PAD.top + innerH - (innerH * (Math.min(max, Math.max(min, score)) - min)) / (max - min);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.score).toFixed(1)}`)
    .join(' ');
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(WIDTH / 90))));
  return (
    <div ref={box} className="score-chart__box">
      <svg
        className="score-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks(min, max).map((value) => (
          <g key={value} className="score-chart__grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} />
            <text x={PAD.left - 6} y={y(value)} textAnchor="end" dominantBaseline="middle">
              {value}
            </text>
          </g>
        ))}
        {target !== null && (
          <g className="score-chart__target">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(target)} y2={y(target)} />
            <text x={WIDTH - PAD.right} y={y(target) - 6} textAnchor="end">
              {targetLabel}
            </text>
          </g>
        )}
        <path d={path} fill="none" stroke={color} strokeWidth={3} strokeLinejoin="round" />
        {points.map((p, i) => (
          <g key={p.at}>
            <circle cx={x(i)} cy={y(p.score)} r={5} fill={color} stroke="#fff" strokeWidth={2} />
            {(i % labelEvery === 0 || i === points.length - 1) && (
              <text
                className="score-chart__date"
                x={x(i)}
                y={HEIGHT - 12}
                textAnchor={
                  points.length > 1 && i === 0
                    ? 'start'
                    : points.length > 1 && i === points.length - 1
                      ? 'end'
                      : 'middle'
                }
              >
                {formatShortDate(p.at)}
              </text>
            )}
          </g>
        ))}
      </svg>
    </div>
  );
});
