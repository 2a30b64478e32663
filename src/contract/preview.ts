const deepestShown = 3;

/**
 * A short, safe rendering of any client-sent value for an error message: at most
 * `maxLength` characters, never more than a few levels deep, so a value nested
 * thousands of levels or a megabyte-long string cannot overflow the stack or
 * swell an error body.
 */
export function preview(value: unknown, maxLength = 60): string {
  if (value === undefined) return 'nothing';
  const out = { text: '' };
  write(value, 0, out, maxLength + 1);
  return out.text.length > maxLength ? `${out.text.slice(0, maxLength - 3)}...` : out.text;
}

function write(value: unknown, depth: number, out: { text: string }, budget: number): void {
  if (out.text.length >= budget) return;
  if (typeof value === 'string') {
    out.text += JSON.stringify(value.slice(0, budget));
    return;
  }
  if (value === null || typeof value !== 'object') {
    out.text += JSON.stringify(value) ?? String(value);
    return;
  }
  const isArray = Array.isArray(value);
  if (depth >= deepestShown) {
    out.text += isArray ? '[...]' : '{...}';
    return;
  }
  out.text += isArray ? '[' : '{';
  let first = true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (out.text.length >= budget) return;
    if (!first) out.text += ',';
    first = false;
    if (!isArray) out.text += `${JSON.stringify(key.slice(0, budget))}:`;
    write((value as Record<string, unknown>)[key], depth + 1, out, budget);
  }
  out.text += isArray ? ']' : '}';
}

/** Property names for a message: the first few, each shortened, and how many more. */
export function previewKeys(keys: readonly string[], shown = 5): string {
  const listed = keys.slice(0, shown).map((key) => preview(key, 40));
  const more = keys.length - listed.length;
  return more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ');
}
