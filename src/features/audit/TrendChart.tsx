import { Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { MouseEvent } from 'react';
import type { FindingKey, RecordedHeadline, TrendPoint } from '../../contract/audit';
import { findingHeadlines, findingTitles } from '../../contract/audit';
import { ChartCard } from './ChartCard';
import { fixOrder } from './fix-first';
import { formatCount } from './format';
import { labelledPoints, valueAxis } from './trend-axis';
import classes from './TrendChart.module.css';

/** Each plot's colour; a finding given none is drawn grey. */
const colors: Partial<Record<FindingKey, string>> = {
  invalid: 'var(--mantine-color-red-8)',
  'broken-references': 'var(--mantine-color-orange-7)',
  'broken-dependencies': 'var(--mantine-color-pink-7)',
  'exact-duplicates': 'var(--mantine-color-violet-6)',
  unused: 'var(--mantine-color-gray-6)',
  'inactive-owners': 'var(--mantine-color-teal-7)',
  'hidden-name-characters': 'var(--mantine-color-lime-9)',
  'near-duplicates': 'var(--mantine-color-grape-5)',
  lint: 'var(--mantine-color-blue-7)',
};

/** A plot per finding of the ranked list, in its order and with its title. */
const series = fixOrder.flatMap((key) => {
  const name = findingHeadlines[key];
  if (!name) return [];
  const color = colors[key] ?? 'var(--mantine-color-gray-6)';
  return [{ name, label: findingTitles[key], color }];
});

/** Said of a scan kept from before the audit counted a finding: no number, not 0. */
const NOT_COUNTED = 'not counted';

const shown = (value: number | undefined) =>
  value === undefined ? NOT_COUNTED : formatCount(value);

/** Time labels under a plot: more would run into each other at a small plot's narrowest. */
const MOST_TIME_LABELS = 2;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

interface Row {
  label: string;
  /** The scan's number alone, under a small plot: a date and time there ran into the next. */
  short: string;
  headline: RecordedHeadline;
}

/** Where point `index` of `count` lies across the plot, in percent. */
const across = (index: number, count: number) => (index / (count - 1)) * 100;

/** A hundredth of a percent is finer than any screen shows. */
const rounded = (percent: number) => Math.round(percent * 100) / 100;

type Series = (typeof series)[number];

/**
 * One series' line, drawn in a 100 × 100 box stretched over the plot: one SVG path,
 * computed once, with no measuring of the page (docs/audit.md, "The audit page").
 */
function Line({ rows, top, entry }: { rows: Row[]; top: number; entry: Series }) {
  const points = rows.map((row, index) => {
    const value = row.headline[entry.name];
    if (value === undefined) return undefined;
    return `${rounded(across(index, rows.length))} ${rounded(100 - (value / top) * 100)}`;
  });
  // A scan that did not count the number leaves a gap: the line starts again after it.
  const line = points
    .map((point, index) => point && `${points[index - 1] ? 'L' : 'M'}${point}`)
    .join('');
  return (
    <g stroke={entry.color}>
      <path className={classes.line} data-series={entry.name} d={line} />
      <path
        className={classes.dots}
        d={points.map((point) => (point ? `M${point}h0` : '')).join('')}
      />
    </g>
  );
}

/** The scan under the pointer and the series' number then, beside a line marking it. */
function PointTip({ row, at, entry }: { row: Row; at: number; entry: Series }) {
  return (
    <>
      <div className={classes.guide} style={{ left: `${at}%` }} />
      <div
        className={classes.tip}
        style={{ left: `${at}%` }}
        data-side={at > 60 ? 'left' : 'right'}
      >
        <strong>{row.label}</strong> {shown(row.headline[entry.name])}
      </div>
    </>
  );
}

/**
 * One series in a plot of its own, scaled to its own numbers: small multiples, so a
 * series near zero is not flattened under one in the thousands, nor drawn over another.
 */
function SeriesChart({ rows, entry }: { rows: Row[]; entry: Series }) {
  const [hovered, setHovered] = useState<number>();
  const axis = valueAxis(Math.max(0, ...rows.map((row) => row.headline[entry.name] ?? 0)));
  const pointAt = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    const share = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setHovered(Math.round(share * (rows.length - 1)));
  };
  const hoveredRow = hovered === undefined ? undefined : rows[hovered];
  const latest = rows.at(-1)!.headline[entry.name];
  return (
    <div aria-hidden className={classes.multiple}>
      <div className={classes.heading}>
        <span className={classes.swatch} style={{ background: entry.color }} />
        {entry.label}
        <strong className={classes.latest}>{shown(latest)}</strong>
      </div>
      <div className={classes.chart} data-trend-chart>
        <div className={classes.values}>
          {axis.ticks.map((tick) => (
            <span key={tick} style={{ top: `${100 - (tick / axis.top) * 100}%` }}>
              {formatCount(tick)}
            </span>
          ))}
          <span className={classes.widest}>{formatCount(axis.top)}</span>
        </div>
        <div
          className={classes.plot}
          onMouseMove={pointAt}
          onMouseLeave={() => setHovered(undefined)}
        >
          <svg viewBox="0 0 100 100" preserveAspectRatio="none">
            {axis.ticks.slice(1).map((tick) => {
              const y = 100 - (tick / axis.top) * 100;
              return <line key={tick} className={classes.grid} x1={0} x2={100} y1={y} y2={y} />;
            })}
            <Line rows={rows} top={axis.top} entry={entry} />
          </svg>
          {hoveredRow && (
            <PointTip row={hoveredRow} at={across(hovered!, rows.length)} entry={entry} />
          )}
        </div>
        <div className={classes.times}>
          {labelledPoints(rows.length, MOST_TIME_LABELS).map((index) => (
            <span key={index} style={{ left: `${across(index, rows.length)}%` }}>
              {rows[index]!.short}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The headline numbers across the kept scans: lines for the eye, a table for screen readers. */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const title = 'Problems across scans';
  if (points.length < 2) {
    return (
      <ChartCard title={title}>
        <Text size="sm" mt="sm">
          The trend appears once there are two complete scans.
        </Text>
      </ChartCard>
    );
  }
  const rows: Row[] = points.map((point) => ({
    headline: point.headline,
    label: `#${point.scanId} ${dateFormat.format(point.finished)}`,
    short: `#${point.scanId}`,
  }));
  return (
    <ChartCard
      title={title}
      description="One point per complete scan kept, oldest first; each number on its own scale."
    >
      <div className={classes.multiples}>
        {series.map((entry) => (
          <SeriesChart key={entry.name} rows={rows} entry={entry} />
        ))}
      </div>
      <VisuallyHidden>
        <table aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Scan</th>
              {series.map((entry) => (
                <th key={entry.name} scope="col">
                  {entry.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {series.map((entry) => (
                  <td key={entry.name}>{shown(row.headline[entry.name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </ChartCard>
  );
}
