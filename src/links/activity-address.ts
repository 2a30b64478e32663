import {
  createParser,
  createSerializer,
  parseAsInteger,
  parseAsString,
  parseAsStringLiteral,
} from 'nuqs';
import type { inferParserType } from 'nuqs';
import { changeKinds } from '../contract/journal';
import { localDay } from './local-day';

/** `yyyy-mm-dd`, a day that exists; anything else in the address is left out. */
const parseAsDay = createParser<string>({
  parse: (value) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null,
  serialize: (day) => day,
});

/**
 * The Activity page's address (`?person=&kind=&from=&to=&changeSet=`): its filters,
 * so a link or a reload keeps them, and the change set a link points at.
 */
export const activityAddress = {
  person: parseAsString.withDefault(''),
  kind: parseAsStringLiteral(changeKinds),
  /** Days in the user's time zone. */
  from: parseAsDay.withDefault(''),
  to: parseAsDay.withDefault(''),
  /** Shown open, its items listed. */
  changeSet: parseAsInteger,
};

export type ActivityAddress = inferParserType<typeof activityAddress>;

const serializeActivity = createSerializer(activityAddress);

/**
 * Where the Activity page shows one change set: its filters narrowed to the set's
 * person and day, and `changeSet` naming the set itself.
 */
export function changeSetAddress(set: { id: number; person: string; at: number }): string {
  const day = localDay(set.at);
  return serializeActivity('/activity', {
    person: set.person,
    from: day,
    to: day,
    changeSet: set.id,
  });
}
