import { preview } from '../contract/preview';

/**
 * How deeply arrays and objects may nest in what the service reads: request
 * bodies and instance-file records nest four levels at most, so anything far
 * deeper is refused before code that walks it (validation, error previews) can
 * overflow the stack.
 */
export const MAX_JSON_NESTING = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Offset just past the string that opens at `start`, or -1 when it never closes. */
function afterString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index += 1;
    else if (code === QUOTE) return index + 1;
  }
  return -1;
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * What is wrong with JSON text that JSON.parse would accept silently: nesting
 * deeper than `limit`, or an object that repeats a key (JSON.parse keeps the last,
 * other parsers the first, so such a body means different things to different
 * readers). One pass, no recursion; undefined when neither is found. Text that is
 * not JSON at all is left for the parser to report.
 */
export function jsonTextProblem(text: string, limit = MAX_JSON_NESTING): string | undefined {
  // One entry per open container: the keys seen so far in an object, null for an array.
  const open: Array<Set<string> | null> = [];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const end = afterString(text, index);
      if (end === -1) return undefined;
      const keys = open.at(-1);
      let next = end;
      while (isJsonSpace(text.charCodeAt(next))) next += 1;
      if (keys && text.charCodeAt(next) === 0x3a) {
        let key: string;
        try {
          key = JSON.parse(text.slice(index, end)) as string;
        } catch {
          return undefined;
        }
        if (keys.has(key)) return `the body repeats the key ${preview(key, 40)}`;
        keys.add(key);
      }
      index = end - 1;
    } else if (code === 0x7b || code === 0x5b) {
      if (open.length >= limit) {
        return `the body nests arrays and objects more than ${limit} levels deep; this API's bodies nest at most 4`;
      }
      open.push(code === 0x7b ? new Set() : null);
    } else if (code === 0x7d || code === 0x5d) open.pop();
  }
  return undefined;
}

/** Whether a parsed value nests more than `limit` arrays or objects, walked without recursion. */
export function valueNestsDeeperThan(value: unknown, limit = MAX_JSON_NESTING): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}
