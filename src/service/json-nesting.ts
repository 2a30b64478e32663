/**
 * How deeply arrays and objects may nest in what the service reads: request
 * bodies and instance-file records nest four levels at most, so anything far
 * deeper is refused before code that walks it (validation, error previews) can
 * overflow the stack.
 */
export const MAX_JSON_NESTING = 32;

/** Whether JSON text opens more than `limit` arrays or objects inside each other; strings do not count. */
export function textNestsDeeperThan(text: string, limit = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/** The same for a parsed value, walked without recursion. */
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
