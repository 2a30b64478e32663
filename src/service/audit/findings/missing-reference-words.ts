import type { InstanceDirectory } from './instance-directory';
import { cardTitleIn, dataSourceNameIn } from './instance-directory';
import type { MissingReference } from './references-between-fields';

/**
 * What a broken reference lacks, in words, with the place named as the instance names
 * it (its id where it names none): a Broken references group's label and the note of
 * each field in it, so the audit page, the drawer and the exports say it alike.
 */
export function missingReferenceWords(
  directory: InstanceDirectory | undefined,
  missing: MissingReference,
): string {
  const { place, column } = missing;
  const where =
    place.type === 'CARD'
      ? `card ${cardTitleIn(directory, place.id) ?? place.id}`
      : `data source ${dataSourceNameIn(directory, place.id) ?? place.id}`;
  return column === undefined
    ? `a link to ${where} is broken (the missing name is not known)`
    : `\`${column}\` missing from ${where}`;
}
