/**
 * The posting lists of a name index: for every run of 1, 2 or 3 UTF-16 code units
 * (a gram) in any name, the ids of the names holding it, ascending.
 *
 * Keyed by gramKey, a number too large for V8's small integers, filling the lists
 * took most of the start-up of a large instance. Grams whose units are all below
 * 128 (nearly all of them) are therefore numbered by a small integer (a slot)
 * while the lists are filled; only the others use gramKey from the start.
 */
const UNIT = 65536;

/** One number per gram, the key postings are looked up by. */
export function gramKey(text: string, start: number, length: number): number {
  let key = length;
  for (let i = 0; i < 3; i += 1) key = key * UNIT + (i < length ? text.charCodeAt(start + i) : 0);
  return key;
}

const SMALL = 128;
const TWO_BASE = SMALL;
const THREE_BASE = TWO_BASE + SMALL * SMALL;

/**
 * Writes the slot of each gram of `name` into `out` (every run of 1, 2 and 3 units
 * from each start), -1 for a gram with a unit of 128 or more; returns how many.
 */
function slotsOf(name: string, out: Int32Array): number {
  let count = 0;
  for (let start = 0; start < name.length; start += 1) {
    const a = name.charCodeAt(start);
    out[count++] = a < SMALL ? a : -1;
    if (start + 1 >= name.length) continue;
    const b = name.charCodeAt(start + 1);
    const ab = a < SMALL && b < SMALL ? a * SMALL + b : -1;
    out[count++] = ab < 0 ? -1 : TWO_BASE + ab;
    if (start + 2 >= name.length) continue;
    const c = name.charCodeAt(start + 2);
    out[count++] = ab >= 0 && c < SMALL ? THREE_BASE + ab * SMALL + c : -1;
  }
  return count;
}

/** The gram a slot stands for, as its key. */
function keyOfSlot(slot: number): number {
  if (slot < TWO_BASE) return gramKey(String.fromCharCode(slot), 0, 1);
  if (slot < THREE_BASE) {
    const pair = slot - TWO_BASE;
    return gramKey(String.fromCharCode(pair >> 7, pair & 127), 0, 2);
  }
  const triple = slot - THREE_BASE;
  return gramKey(String.fromCharCode(triple >> 14, (triple >> 7) & 127, triple & 127), 0, 3);
}

/** Adds the grams of `name` with a unit of 128 or more to `others`. */
function addWideGrams(others: Map<number, number[]>, name: string, nameId: number): void {
  for (let length = 1; length <= 3; length += 1) {
    for (let start = 0; start + length <= name.length; start += 1) {
      let wide = false;
      for (let i = start; i < start + length; i += 1) wide ||= name.charCodeAt(i) >= SMALL;
      if (!wide) continue;
      const key = gramKey(name, start, length);
      const list = others.get(key);
      if (!list) others.set(key, [nameId]);
      else if (list[list.length - 1] !== nameId) list.push(nameId);
    }
  }
}

const wideUnit = /[^\p{ASCII}]/u;

/** Every slot a gram of units below 128 may take. */
const SLOTS = THREE_BASE + SMALL * SMALL * SMALL;

/**
 * Arrays by slot, made once for every build on this thread (25 MB: made for each
 * build, they took longer than a small index's whole build). Between builds every
 * count is zero again; `lastName` and `next` are written before they are read.
 */
let bySlot: { counts: Int32Array; lastName: Int32Array; next: Int32Array } | undefined;

export function buildGramPostings(names: readonly string[]): Map<number, Int32Array> {
  const longest = names.reduce((most, name) => Math.max(most, name.length), 0);
  const slots = new Int32Array(longest * 3);
  // Counted first, then written into one array at each slot's place: a list per slot
  // grown entry by entry, then copied, took most of the build.
  bySlot ??= {
    counts: new Int32Array(SLOTS),
    lastName: new Int32Array(SLOTS),
    next: new Int32Array(SLOTS),
  };
  // lastName: the name that last held each slot, so a name counts once: +(id + 1) while
  // counting (which overwrites what an earlier build left), -(id + 1) while writing.
  const { counts, lastName, next } = bySlot;
  const seen: number[] = [];
  const eachSlotOnce = (nameId: number, mark: number, visit: (slot: number) => void) => {
    const count = slotsOf(names[nameId]!, slots);
    for (let i = 0; i < count; i += 1) {
      const slot = slots[i]!;
      if (slot < 0 || lastName[slot] === mark) continue;
      lastName[slot] = mark;
      visit(slot);
    }
  };
  const others = new Map<number, number[]>();
  for (let nameId = 0; nameId < names.length; nameId += 1) {
    eachSlotOnce(nameId, nameId + 1, (slot) => {
      if (counts[slot] === 0) seen.push(slot);
      counts[slot] = counts[slot]! + 1;
    });
    if (wideUnit.test(names[nameId]!)) addWideGrams(others, names[nameId]!, nameId);
  }
  // Where each slot's next name id goes; once all are written, where its list ends.
  let total = 0;
  for (const slot of seen) {
    next[slot] = total;
    total += counts[slot]!;
  }
  const data = new Int32Array(total);
  for (let nameId = 0; nameId < names.length; nameId += 1) {
    eachSlotOnce(nameId, -(nameId + 1), (slot) => {
      data[next[slot]!] = nameId;
      next[slot] = next[slot]! + 1;
    });
  }
  const postings = new Map<number, Int32Array>();
  for (const slot of seen) {
    const end = next[slot]!;
    postings.set(keyOfSlot(slot), data.subarray(end - counts[slot]!, end));
    counts[slot] = 0;
  }
  for (const [key, list] of others) postings.set(key, Int32Array.from(list));
  return postings;
}
