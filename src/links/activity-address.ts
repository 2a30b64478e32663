/** A day in the user's time zone as the Activity page's date filters read it: `yyyy-mm-dd`. */
function localDay(epochMs: number): string {
  const date = new Date(epochMs);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/**
 * Where the Activity page shows one change set: its filters (`person`, `from`, `to`)
 * narrowed to the set's person and day, and `changeSet` naming the set itself.
 */
export function changeSetAddress(set: { id: number; person: string; at: number }): string {
  const day = localDay(set.at);
  const query = new URLSearchParams({
    person: set.person,
    from: day,
    to: day,
    changeSet: String(set.id),
  });
  return `/activity?${query}`;
}
