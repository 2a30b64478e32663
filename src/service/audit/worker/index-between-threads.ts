import type { FieldIndexParts } from '../../store/index/field-index';
import type { Steps } from '../../store/in-turns';
import type { PackedParts } from '../../store/saved-index';
import { unpacking } from '../../store/saved-index';
import type { SentTexts } from '../../store/text-list';
import { textsTakenIn, textsToSend } from '../../store/text-list';
import type { SentValues } from './values-between-threads';
import { valuesTakenIn, valuesToSend } from './values-between-threads';

type SentLists<Lists> = { [Key in keyof Lists]: Omit<Lists[Key], 'keys'> & { keys: SentValues } };

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
  names: Omit<Names, 'distinctNames' | 'runStarts' | 'postings' | 'denseWords' | 'occurrences'> & {
    distinctNames: SentTexts;
    runStarts: SentValues;
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
      runStarts: valuesToSend(names.runStarts),
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
      runStarts: yield* valuesTakenIn<number>(names.runStarts),
      postings: yield* keysTakenIn(names.postings),
      denseWords: yield* keysTakenIn(names.denseWords),
      occurrences: {
        ...names.occurrences,
        startsByRun: yield* keysTakenIn(names.occurrences.startsByRun),
      },
    },
  });
}

function keysToSend<Lists extends { keys: ReadonlyArray<string | number> }>(
  lists: Lists,
): Omit<Lists, 'keys'> & { keys: SentValues } {
  return { ...lists, keys: valuesToSend(lists.keys) };
}

function* keysTakenIn<Lists extends { keys: SentValues }, Key extends string | number>(
  lists: Lists,
): Steps<Omit<Lists, 'keys'> & { keys: Key[] }> {
  return { ...lists, keys: yield* valuesTakenIn<Key>(lists.keys) };
}

function eachList<Lists extends object, To>(
  lists: Lists,
  change: (each: Lists[keyof Lists]) => To,
): { [Key in keyof Lists]: To } {
  return Object.fromEntries(
    Object.entries(lists).map(([key, each]) => [key, change(each as Lists[keyof Lists])]),
  ) as { [Key in keyof Lists]: To };
}
