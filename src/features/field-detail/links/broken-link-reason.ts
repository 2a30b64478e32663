import type { ReferenceCheck } from '../explanation/check-references';
import type { LinkSource } from '../explanation/link-sources';
import { listInWords, sourceName } from '../explanation/source-names';
import type { FieldExplanation } from '../explanation/use-field-explanation';

/** Why a link that is not VALID is broken, as far as this app can tell, in words. */
export function brokenLinkReason(
  { link, dataSourceId, dataSource, card }: LinkSource,
  { names, checks }: Pick<FieldExplanation, 'names' | 'checks'>,
): string {
  const reported = `The instance reports ${link.valid}.`;
  if (!names.available) {
    const notFields = namesWhere(checks, (check) => check.uncheckedOn.includes(dataSourceId ?? ''));
    return [
      reported,
      'This instance does not list its data sources’ columns, so which reference is missing cannot be told here.',
      notFields.length > 0 && dataSourceId
        ? `Not calculated fields of this data source: ${quoted(notFields)}.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (link.resource.type === 'CARD' && !card) {
    return `${reported} The card is not known to this instance, so its data source cannot be checked.`;
  }
  if (!dataSourceId) return `${reported} Its data source is not known to this instance.`;
  if (!dataSource) {
    return `${reported} Its data source ${dataSourceId} is not known to this instance.`;
  }
  if ([...checks.values()].some((check) => check.searching)) {
    return `${reported} Checking its references…`;
  }
  const missing = namesWhere(checks, (check) => check.missingFrom.includes(dataSourceId));
  if (missing.length > 0) {
    const where = sourceName(names, dataSourceId);
    return `${quoted(missing)} ${missing.length === 1 ? 'is' : 'are'} neither a column nor a calculated field of ${where}.`;
  }
  return `${reported} The analyzer finds every reference on ${sourceName(names, dataSourceId)}; the instance may judge by something else, such as a reference cycle.`;
}

function namesWhere(
  checks: ReadonlyMap<string, ReferenceCheck>,
  test: (check: ReferenceCheck) => boolean,
): string[] {
  return [...checks.values()].filter(test).map((check) => check.name);
}

function quoted(names: readonly string[]): string {
  return listInWords(names.map((name) => `\`${name}\``));
}
