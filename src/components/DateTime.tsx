const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const fullTimestamp = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** A date in the user's locale, with the full timestamp on hover. */
export function DateTime({ epochMs, withTime = false }: { epochMs: number; withTime?: boolean }) {
  const date = new Date(epochMs);
  return (
    <time dateTime={date.toISOString()} title={fullTimestamp.format(date)}>
      {(withTime ? dateAndTime : dateOnly).format(date)}
    </time>
  );
}
