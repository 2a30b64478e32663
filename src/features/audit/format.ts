// Made once: toLocaleString builds a formatter on every call, and the audit page
// writes a few hundred numbers when it opens (about 60 ms of a busy CPU per load).
const shareFormats = [0, 1].map(
  (digits) => new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }),
) as [Intl.NumberFormat, Intl.NumberFormat];

export { formatCount } from '../../components/plural';

export function formatShare(part: number, whole: number): string {
  if (whole === 0) return '0%';
  const percent = (part / whole) * 100;
  return `${shareFormats[percent < 10 ? 1 : 0].format(percent)}%`;
}

const byteUnits = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A size as people read it: 1.2 MB, 830 KB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: digits })} ${byteUnits[unit]}`;
}
