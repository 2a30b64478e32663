import {
  LOOK_ALIKE_GROUP,
  codePointLabel,
  hiddenCharacterDescription,
  hiddenCharacters,
  hiddenCharactersInWords,
  readsAs,
  readsAsOthersDo,
} from '../../../../contract/hidden-characters';
import type { Finding } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';

const LOOK_ALIKE_TITLE = "look-alike of another field's name";

/** What a name that hides nothing holds of them. */
const NOTHING_HIDDEN: readonly [] = [];

/**
 * Fields whose names hold characters that show nothing or turn the text around them
 * (contract/hidden-characters.ts says which), grouped by the character (its code
 * point, `U+202E`), and those that read as another field's name (`readsAs`) as
 * look-alikes.
 */
export function hiddenNameCharacters({ columns }: RuleInput): Finding {
  const entries: Array<[string, number]> = [];
  const titles = new Map([[LOOK_ALIKE_GROUP, LOOK_ALIKE_TITLE]]);
  const holds = new Map<number, string>();
  const readers = new Map<string, number[]>();
  for (let at = 0; at < columns.count; at += 1) {
    const name = columns.nameAt(at);
    const hidden = hiddenCharacters(name);
    if (hidden.length === 0) continue;
    const id = columns.idAt(at);
    const codes = hidden.map(({ code }) => code);
    for (const code of new Set(codes)) {
      entries.push([codePointLabel(code), id]);
      titles.set(codePointLabel(code), hiddenCharacterDescription(code));
    }
    holds.set(id, `the name holds ${hiddenCharactersInWords(codes)} at position ${hidden[0]!.at}`);
    const plain = readsAs(name, hidden);
    const same = readers.get(plain);
    if (same) same.push(id);
    else readers.set(plain, [id]);
  }
  const notes = new Map(holds);
  if (holds.size > 0) {
    // Only names read as one with hidden characters are looked up: one pass, no map of every name.
    for (let at = 0; at < columns.count; at += 1) {
      const id = columns.idAt(at);
      if (!holds.has(id)) readers.get(readsAs(columns.nameAt(at), NOTHING_HIDDEN))?.push(id);
    }
    for (const [plain, ids] of readers) {
      if (ids.length < 2) continue;
      ids.sort((a, b) => a - b);
      for (const id of ids) {
        if (!holds.has(id)) continue;
        entries.push([LOOK_ALIKE_GROUP, id]);
        notes.set(id, `${holds.get(id)}; ${readsAsOthersDo(plain, ids, id)}`);
      }
    }
  }
  const groups = [...groupIds(entries)]
    .map(([key, ids]) => ({ key, ids, title: titles.get(key)! }))
    .sort(byGroupSize);
  // The columns are in ascending id order, and so are the fields found.
  const ids = [...holds.keys()];
  return { key: 'hidden-name-characters', ids, groups: FindingGroups.of(groups), notes };
}
