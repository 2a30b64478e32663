import { createParser, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import type { inferParserType } from 'nuqs';
import { changeKinds } from '../../contract/journal';

/** `yyyy-mm-dd`, a day that exists; anything else in the address is left out. */
const parseAsDay = createParser<string>({
  parse: (value) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null,
  serialize: (day) => day,
});

/** The Activity page's filters, kept in its address (`?person=&kind=&from=&to=`) so a link or a reload keeps them. */
export const activityAddress = {
  person: parseAsString.withDefault(''),
  kind: parseAsStringLiteral(changeKinds),
  /** Days in the user's time zone. */
  from: parseAsDay.withDefault(''),
  to: parseAsDay.withDefault(''),
};

export type ActivityFilters = inferParserType<typeof activityAddress>;

export function useActivityFilters() {
  return useQueryStates(activityAddress);
}
