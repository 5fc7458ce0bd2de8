import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';

const W = 320;
const H = 120;
const PAD = { top: 10, right: 8, bottom: 18, left: 36 };

/**
 * One daily series as an SVG line over its area, drawn on the server with d3-scale and d3-shape (docs/dashboard.md):
 * no client JavaScript. The numbers are in the table next to it; the picture is marked as an image with its title.
 */
export function DailyChart({
  id,
  title,
  days,
  values,
  label = String,
}: {
  id: string;
  title: string;
  days: string[];
  values: number[];
  label?: (n: number) => string;
}) {
  const max = Math.max(1, ...values);
  const x = scaleLinear()
    .domain([0, Math.max(1, values.length - 1)])
    .range([PAD.left, W - PAD.right]);
  const y = scaleLinear()
    .domain([0, max])
    .nice(4)
    .range([H - PAD.bottom, PAD.top]);
  // Counts have no fractions: a series of whole numbers gets whole-number ticks only (no "0.2 members").
  const ticks = values.every(Number.isInteger) ? y.ticks(4).filter(Number.isInteger) : y.ticks(4);
  const points = values.map((v, i) => [x(i), y(v)] as [number, number]);
  const path = line()(points) ?? '';
  const fill =
    area<[number, number]>()
      .x((p) => p[0])
      .y0(y(0))
      .y1((p) => p[1])(points) ?? '';
  return (
    <figure className="chart" data-testid={`chart-${id}`}>
      <figcaption id={`chart-${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`chart-${id}-title`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={PAD.left - 4} y={y(t) + 3} textAnchor="end" className="chart-tick">
              {label(t)}
            </text>
          </g>
        ))}
        <path d={fill} className="chart-area" />
        <path d={path} className="chart-line" />
        <text x={PAD.left} y={H - 4} className="chart-tick">
          {days[0]?.slice(5) ?? ''}
        </text>
        <text x={W - PAD.right} y={H - 4} textAnchor="end" className="chart-tick">
          {days[days.length - 1]?.slice(5) ?? ''}
        </text>
      </svg>
    </figure>
  );
}
