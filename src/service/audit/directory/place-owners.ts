import type { CardOwners, DataSourceOwner } from '../../../contract/names';
import { NAME_IDS_MAX } from '../../../contract/names';
import type { InstanceDirectory, PlaceOwnersKnown } from '../findings/instance-directory';

/**
 * Production's data-source and card endpoints (with `parts=owners`), at most 100
 * ids a call; each answers undefined when the instance does not offer it.
 */
export interface PlaceOwnersLookup {
  dataSources(ids: readonly string[]): Promise<readonly DataSourceOwner[] | undefined>;
  cards(ids: readonly string[]): Promise<readonly CardOwners[] | undefined>;
}

/** The data sources the scanned fields are saved on, and their cards. */
export interface PlacesSeen {
  dataSources: readonly string[];
  cards: readonly string[];
}

/** Calls in flight at once: the instance has just answered a whole scan. */
const PLACE_OWNER_CONCURRENCY = 4;

/**
 * The directory with who owns each place the fields live on, asked 100 ids a call,
 * a few calls at a time, when a scan completes; the hand-over routes by it
 * (workflows/handover-plan.ts) without asking the instance again. A kind whose
 * endpoint the instance does not offer stays unknown.
 */
export async function withPlaceOwners(
  directory: InstanceDirectory | undefined,
  places: PlacesSeen,
  lookup: PlaceOwnersLookup,
): Promise<InstanceDirectory | undefined> {
  const [dataSources, cards] = await Promise.all([
    inBatches(places.dataSources, (ids) => lookup.dataSources(ids)),
    inBatches(places.cards, (ids) => lookup.cards(ids)),
  ]);
  if (!dataSources && !cards) return directory;
  const placeOwners: PlaceOwnersKnown = {
    ...(dataSources && {
      dataSources: new Map(dataSources.map(({ id, ...known }) => [id, known])),
    }),
    ...(cards && { cards: new Map(cards.map(({ id, ...known }) => [id, known])) }),
  };
  return {
    // Empty maps: columns stay unknown (references-between-fields infers them).
    owners: directory?.owners ?? new Map(),
    dataSources: directory?.dataSources ?? new Map(),
    cards: directory?.cards ?? new Map(),
    ...(directory?.inactiveOwners && { inactiveOwners: directory.inactiveOwners }),
    placeOwners,
  };
}

/**
 * Every answer, 100 ids a call and a few calls at once; undefined when any call had
 * no endpoint, after which no further call is made (the answer is undefined anyway).
 */
async function inBatches<T>(
  ids: readonly string[],
  ask: (ids: readonly string[]) => Promise<readonly T[] | undefined>,
): Promise<T[] | undefined> {
  const batches: Array<readonly string[]> = [];
  for (let start = 0; start < ids.length; start += NAME_IDS_MAX) {
    batches.push(ids.slice(start, start + NAME_IDS_MAX));
  }
  const answers: Array<readonly T[] | undefined> = [];
  let next = 0;
  let noEndpoint = false;
  const worker = async () => {
    while (next < batches.length && !noEndpoint) {
      const index = next++;
      answers[index] = await ask(batches[index]!);
      if (answers[index] === undefined) noEndpoint = true;
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(PLACE_OWNER_CONCURRENCY, batches.length) }, worker),
  );
  if (noEndpoint) return undefined;
  return answers.flatMap((answer) => answer ?? []);
}
