// The order of field names, one rule for every place that sorts them: the store
// (its `name_key` column and SQL), the search index, the proxy's copy of the
// instance and the browser's export. contract.md section 4: names compare
// case-insensitively, ties break on id.

/**
 * What a name is searched and sorted by: lower-cased by JavaScript, so case folds
 * the same way for every script, not just ASCII. The store keeps it as `name_key`.
 */
export function nameKeyOf(name: string): string {
  return name.toLowerCase();
}

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Orders two name keys by code point: the order SQLite's BINARY collation gives
 * UTF-8 text, so `ORDER BY name_key` agrees with it. JavaScript's `<` compares UTF-16
 * units instead, which puts characters above U+FFFF (surrogate pairs: "📈") before
 * U+E000 to U+FFFF (full-width letters: "Ｒ").
 */
export function compareNameKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    const xSurrogate = isSurrogate(x);
    if (xSurrogate !== isSurrogate(y)) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** A field as the name order sees it. */
export interface NameOrderKey {
  nameKey: string;
  id: number;
}

/** The name order: by name key, ties on id. */
export function compareNameOrder(a: NameOrderKey, b: NameOrderKey): number {
  return compareNameKeys(a.nameKey, b.nameKey) || a.id - b.id;
}

/** A UTF-16 unit from which `<` and the code point order may disagree (surrogates and above). */
const HIGH_UNIT = /[\uD800-\uFFFF]/;

/**
 * compareNameKeys for sorting these keys, made faster when none of them holds a unit
 * from U+D800 up: below that, JavaScript's own `<` already compares by code point.
 */
export function nameKeyComparisonFor(keys: readonly string[]): (a: string, b: string) => number {
  if (keys.some((key) => HIGH_UNIT.test(key))) return compareNameKeys;
  return (a, b) => (a < b ? -1 : a > b ? 1 : 0);
}
