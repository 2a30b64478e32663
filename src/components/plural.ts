// Made once: toLocaleString builds a formatter on every call, which table rows felt.
const numbers = new Intl.NumberFormat();

/** "2,000": a count as the user's locale writes it, wherever the app shows one. */
export function formatCount(count: number): string {
  return numbers.format(count);
}

/** "1 link", "2,000 links": the count as the user's locale writes it, with the noun that fits. */
export function plural(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`;
}

/** "1 field", "2,000 fields". */
export function fieldCount(count: number): string {
  return plural(count, 'field', 'fields');
}
