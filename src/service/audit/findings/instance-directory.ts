/**
 * What an instance knows besides its fields: who owners are, what each data
 * source is called and which columns it has, which data source each card is built
 * on. The embedded store knows all of it; a real instance may know none of it
 * (then findings name ids, and infer columns from the fields, docs/audit.md).
 */
export interface InstanceDirectory {
  owners: ReadonlyMap<number, string>;
  dataSources: ReadonlyMap<string, { name?: string; columns: readonly string[] }>;
  cards: ReadonlyMap<string, { title?: string; dataSourceId: string }>;
  /** Owners the instance reports inactive (production's `detail.active` false). */
  inactiveOwners?: readonly number[];
  /**
   * Who owns the data sources and cards the fields live on, as the instance's names
   * endpoints say (directory/place-owners.ts); absent when it offers none. A place
   * left out is one the instance does not know.
   */
  placeOwners?: PlaceOwnersKnown;
}

/** Each kind absent when the instance does not offer its endpoint. */
export interface PlaceOwnersKnown {
  dataSources?: ReadonlyMap<string, { name?: string; owner?: number }>;
  cards?: ReadonlyMap<string, { title?: string; owners: readonly number[] }>;
}

/** The directory as JSON text, for keeping it in the audit file. */
export function directoryJson(directory: InstanceDirectory): string {
  return JSON.stringify({
    owners: [...directory.owners],
    dataSources: [...directory.dataSources],
    cards: [...directory.cards],
    inactiveOwners: directory.inactiveOwners ?? [],
    ...(directory.placeOwners && {
      placeOwners: {
        dataSources: directory.placeOwners.dataSources && [...directory.placeOwners.dataSources],
        cards: directory.placeOwners.cards && [...directory.placeOwners.cards],
      },
    }),
  });
}

export function directoryFromJson(json: string): InstanceDirectory {
  const parsed = JSON.parse(json) as {
    owners: Array<[number, string]>;
    dataSources: Array<[string, { name?: string; columns: string[] }]>;
    cards: Array<[string, { title?: string; dataSourceId: string }]>;
    inactiveOwners?: number[];
    placeOwners?: {
      dataSources?: Array<[string, { name?: string; owner?: number }]>;
      cards?: Array<[string, { title?: string; owners: number[] }]>;
    };
  };
  return {
    owners: new Map(parsed.owners),
    dataSources: new Map(parsed.dataSources),
    cards: new Map(parsed.cards),
    inactiveOwners: parsed.inactiveOwners ?? [],
    ...(parsed.placeOwners && {
      placeOwners: {
        ...(parsed.placeOwners.dataSources && {
          dataSources: new Map(parsed.placeOwners.dataSources),
        }),
        ...(parsed.placeOwners.cards && { cards: new Map(parsed.placeOwners.cards) }),
      },
    }),
  };
}

/** A data source or card a field lives on. */
export interface Place {
  type: 'DATA_SOURCE' | 'CARD';
  id: string;
}

/**
 * A data source's name: from the directory extension, or else from production's
 * names endpoint the scan asked (a real instance offers only that); undefined when
 * neither names it.
 */
export function dataSourceNameIn(
  directory: InstanceDirectory | undefined,
  id: string,
): string | undefined {
  return directory?.dataSources.get(id)?.name ?? directory?.placeOwners?.dataSources?.get(id)?.name;
}

/** A card's title, from the same two sources as a data source's name. */
export function cardTitleIn(
  directory: InstanceDirectory | undefined,
  id: string,
): string | undefined {
  return directory?.cards.get(id)?.title ?? directory?.placeOwners?.cards?.get(id)?.title;
}

/**
 * The owners of a place, as the instance named them: `kind-unknown` when it
 * offers no endpoint for that kind of place, `place-unknown` when it does not know
 * the place, an empty list when it names no owner.
 */
export function placeOwners(
  directory: InstanceDirectory | undefined,
  place: Place,
): readonly number[] | 'kind-unknown' | 'place-unknown' {
  const known = directory?.placeOwners;
  if (place.type === 'CARD') {
    if (!known?.cards) return 'kind-unknown';
    return known.cards.get(place.id)?.owners ?? 'place-unknown';
  }
  if (!known?.dataSources) return 'kind-unknown';
  const source = known.dataSources.get(place.id);
  if (!source) return 'place-unknown';
  return source.owner === undefined ? [] : [source.owner];
}
