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
    return `${reported} This instance does not list its data sources’ columns, so which reference is missing cannot be told here.`;
  }
  if (link.resource.type === 'CARD' && !card) {
    return `${reported} The card is not known to this instance, so its data source cannot be checked.`;
  }
  if (!dataSourceId) return `${reported} Its data source is not known to this instance.`;
  if (!dataSource) {
    return `${reported} Its data source ${dataSourceId} is not known to this instance.`;
  }
  const missing = namesWhere(checks, (check) => check.missingFrom.includes(dataSourceId));
  if (missing.length > 0) {
    const where = sourceName(names, dataSourceId);
    return `${quoted(missing)} ${missing.length === 1 ? 'is not a column' : 'are not columns'} of ${where}.`;
  }
  return `${reported} The analyzer finds every column on ${sourceName(names, dataSourceId)}; the instance may judge by something else.`;
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
