export function formatCount(count: number): string {
  return count.toLocaleString();
}

export function formatShare(part: number, whole: number): string {
  if (whole === 0) return '0%';
  const percent = (part / whole) * 100;
  return `${percent.toLocaleString(undefined, { maximumFractionDigits: percent < 10 ? 1 : 0 })}%`;
}

const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2025-03` as the user's locale writes it, e.g. "Mar 2025". */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthFormat.format(Date.UTC(year, monthNumber - 1, 1));
}

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export function formatTime(epochMs: number): string {
  return timeFormat.format(epochMs);
}
