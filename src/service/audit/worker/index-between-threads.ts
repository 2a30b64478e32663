import type { FieldIndexParts } from '../../store/index/field-index';
import type { Steps } from '../../store/in-turns';
import { listInSteps } from '../../store/in-turns';
import type { PackedParts } from '../../store/saved-index';
import { unpacking } from '../../store/saved-index';
import type { PackedTextList, SentTexts } from '../../store/text-list';
import { TextList, textsTakenIn, textsToSend } from '../../store/text-list';

/** The keys of a map of lists: numbers in a typed array, texts as bytes (text-list.ts), or else as they are. */
type SentKeys = Float64Array | PackedTextList | ReadonlyArray<string | number>;

type SentLists<Lists> = { [Key in keyof Lists]: Omit<Lists[Key], 'keys'> & { keys: SentKeys } };

type Names = PackedParts['names'];

/**
 * The index of every field as it crosses from the audit's thread: its lists packed as
 * the saved index packs them (store/saved-index.ts), and the keys of each map of lists
 * and the distinct names as typed arrays too, which move. At 1,000,000 fields the
 * posting lists' keys are hundreds of thousands of numbers, and arrays of values
 * arrive as one piece of work each.
 */
export interface SentIndex extends Omit<PackedParts, 'lists' | 'names'> {
  lists: SentLists<PackedParts['lists']>;
  names: Omit<Names, 'distinctNames' | 'postings' | 'denseWords' | 'occurrences'> & {
    distinctNames: SentTexts;
    postings: SentLists<Pick<Names, 'postings'>>['postings'];
    denseWords: SentLists<Pick<Names, 'denseWords'>>['denseWords'];
    occurrences: {
      stride: number;
      startsByRun: SentLists<Pick<Names['occurrences'], 'startsByRun'>>['startsByRun'];
    };
  };
}

export function indexToSend(index: PackedParts): SentIndex {
  const { lists, names } = index;
  return {
    ...index,
    lists: eachList(lists, keysToSend),
    names: {
      ...names,
      distinctNames: textsToSend(names.distinctNames),
      postings: keysToSend(names.postings),
      denseWords: keysToSend(names.denseWords),
      occurrences: {
        ...names.occurrences,
        startsByRun: keysToSend(names.occurrences.startsByRun),
      },
    },
  };
}

/** The index's parts made again from what crossed, in steps (store/in-turns.ts). */
export function* indexTakenIn(sent: SentIndex): Steps<FieldIndexParts> {
  const { lists, names } = sent;
  const listsTakenIn = {} as PackedParts['lists'];
  for (const [key, sentLists] of Object.entries(lists)) {
    listsTakenIn[key as keyof typeof lists] = yield* keysTakenIn(sentLists);
  }
  return yield* unpacking({
    ...sent,
    lists: listsTakenIn,
    names: {
      ...names,
      distinctNames: textsTakenIn(names.distinctNames),
      postings: yield* keysTakenIn(names.postings),
      denseWords: yield* keysTakenIn(names.denseWords),
      occurrences: {
        ...names.occurrences,
        startsByRun: yield* keysTakenIn(names.occurrences.startsByRun),
      },
    },
  });
}

/** Keys that are all numbers, or all texts, as typed arrays; any others as they are. */
function keysToSend<Lists extends { keys: ReadonlyArray<string | number> }>(
  lists: Lists,
): Omit<Lists, 'keys'> & { keys: SentKeys } {
  const { keys } = lists;
  if (keys.every((key) => typeof key === 'number')) {
    return { ...lists, keys: Float64Array.from(keys) };
  }
  if (keys.every((key) => typeof key === 'string')) return { ...lists, keys: textsToSend(keys) };
  return lists;
}

function* keysTakenIn<Lists extends { keys: SentKeys }, Key>(
  lists: Lists,
): Steps<Omit<Lists, 'keys'> & { keys: Key[] }> {
  const { keys } = lists;
  if (keys instanceof Float64Array) {
    return { ...lists, keys: (yield* listInSteps(keys)) as Key[] };
  }
  if (isArray(keys)) return { ...lists, keys: keys as Key[] };
  const list: string[] = [];
  for (const text of TextList.unpack(keys)) {
    list.push(text);
    if (list.length % 65_536 === 0) yield;
  }
  return { ...lists, keys: list as Key[] };
}

const isArray = (keys: SentKeys): keys is ReadonlyArray<string | number> => Array.isArray(keys);

function eachList<Lists extends object, To>(
  lists: Lists,
  change: (each: Lists[keyof Lists]) => To,
): { [Key in keyof Lists]: To } {
  return Object.fromEntries(
    Object.entries(lists).map(([key, each]) => [key, change(each as Lists[keyof Lists])]),
  ) as { [Key in keyof Lists]: To };
}
