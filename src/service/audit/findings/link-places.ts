import type { FactsColumns } from './facts-columns';
import type { LinkFacts } from './field-facts';
import type { InstanceDirectory } from './instance-directory';

/**
 * Where a link takes its columns from: a data source, or a card whose data source
 * the instance does not name (then the card stands in for it).
 */
export interface LinkPlace {
  type: 'DATA_SOURCE' | 'CARD';
  id: string;
}

export function placeOf(
  link: Pick<LinkFacts, 'type' | 'id'>,
  directory: InstanceDirectory | undefined,
): LinkPlace {
  if (link.type === 'CARD') {
    const dataSourceId = directory?.cards.get(link.id)?.dataSourceId;
    return dataSourceId === undefined
      ? { type: 'CARD', id: link.id }
      : { type: 'DATA_SOURCE', id: dataSourceId };
  }
  return { type: 'DATA_SOURCE', id: link.id };
}

export const placeKey = (place: LinkPlace) => `${place.type} ${place.id}`;

/**
 * The place of each link of some facts' columns, as a number: the same for two links
 * exactly when their places are. Worked out once for each type and id linked (the
 * columns number those texts), so a pass over every field's links makes no text: at
 * 1,000,000 fields there are about 300,000 of them, cards of their own.
 */
export class LinkPlaces {
  /** Link type's text number -> link id's text number -> the place's number (-1: not yet). */
  private readonly byType: Int32Array[] = [];
  /** Place key -> its number. */
  private readonly numbers = new Map<string, number>();
  private readonly places: LinkPlace[] = [];

  constructor(
    private readonly columns: FactsColumns,
    private readonly directory: InstanceDirectory | undefined,
  ) {}

  /** The number of the place of link `link` of the columns. */
  numberOf(link: number): number {
    const { columns } = this;
    const type = columns.linkTypeNumber(link);
    let byId = this.byType[type];
    if (!byId) this.byType[type] = byId = new Int32Array(columns.textCount).fill(-1);
    const id = columns.linkIdNumber(link);
    let number = byId[id]!;
    if (number < 0) {
      const place = placeOf(
        { type: columns.linkType(link), id: columns.linkId(link) },
        this.directory,
      );
      const key = placeKey(place);
      number = this.numbers.get(key) ?? this.places.length;
      if (number === this.places.length) {
        this.numbers.set(key, number);
        this.places.push(place);
      }
      byId[id] = number;
    }
    return number;
  }

  /** The place numbered `number`, a fresh object. */
  placeAt(number: number): LinkPlace {
    return { ...this.places[number]! };
  }
}
