/** Steps an axis may take, times a power of ten: round numbers people read at a glance. */
const niceSteps = [1, 2, 2.5, 5, 10];

/**
 * A value axis from 0 to at least `max`: its top and its ticks, about `ticks`
 * of them, each a round number (0, 2,500, 5,000, …).
 */
export function valueAxis(max: number, ticks = 4): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, niceSteps.find((nice) => nice * magnitude >= rough)! * magnitude);
  const top = Math.ceil(max / step) * step;
  const values = [];
  for (let value = 0; value <= top; value += step) values.push(value);
  return { top, ticks: values };
}

/**
 * Which of `count` points get a label on the time axis: the first, the last and
 * evenly spaced ones between, at most `most`, so that labels never overlap.
 */
export function labelledPoints(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const every = (count - 1) / (most - 1);
  return Array.from({ length: most }, (_, index) => Math.round(index * every));
}
