const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const fullTimestamp = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

interface FormattedDate {
  iso: string;
  full: string;
  shown: string;
}

/**
 * Formatting a date with its time zone costs more than drawing the cell around it, and
 * a page of rows shows two dates per row, drawn again with each new page of rows
 * (docs/web-app.md, "Typing"). Kept by time; emptied when it grows past a few
 * pages' worth.
 */
const formatted = new Map<string, FormattedDate>();
const formattedMax = 20_000;

function format(epochMs: number, withTime: boolean): FormattedDate {
  const key = `${withTime ? 't' : 'd'}${epochMs}`;
  let result = formatted.get(key);
  if (!result) {
    const date = new Date(epochMs);
    result = {
      iso: date.toISOString(),
      full: fullTimestamp.format(date),
      shown: (withTime ? dateAndTime : dateOnly).format(date),
    };
    if (formatted.size >= formattedMax) formatted.clear();
    formatted.set(key, result);
  }
  return result;
}

/** A date in the user's locale, with the full timestamp on hover. */
export function DateTime({ epochMs, withTime = false }: { epochMs: number; withTime?: boolean }) {
  const { iso, full, shown } = format(epochMs, withTime);
  return (
    <time dateTime={iso} title={full}>
      {shown}
    </time>
  );
}
