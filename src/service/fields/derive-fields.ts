import { analyzeExpression, referencedColumns } from '../../analysis/analyze-expression';
import { nestedIds } from '../../analysis/field-references';
import { resolveNestedReferences } from '../../analysis/nested-references';
import { cycleMessage } from '../../analysis/reference-cycles';
import type { CalculatedField } from '../../contract/field';
import { FUNCTION_TEMPLATE, ILLEGAL_REFERENCE, INVALID, VALID } from '../../contract/field';
import { checkSumOf } from './check-sum';

export interface AuthoredLink {
  type: string;
  id: string;
  visible: boolean;
  active: boolean;
}

/** What a person wrote, with the identity and times the service keeps for it. */
export interface AuthoredField {
  id: number;
  name: string;
  owner: number;
  expression: string;
  locked: boolean;
  global: boolean;
  archived: boolean;
  hidden: boolean;
  variable: boolean;
  dataType: string;
  cacheWindow: string;
  created: number;
  lastModified: number;
  legacyId: string;
  links: AuthoredLink[];
}

/** A field already stored, as far as references between fields are concerned. */
export interface StoredFieldFacts {
  id: number;
  name: string;
  /** Distinct names between backticks in its expression. */
  referencedNames: string[];
  /** Its status from the expression alone, before references to other fields. */
  expressionStatus: string;
  /** As stored: what it was authored with, then one FUNCTION_TEMPLATE link per nested id. */
  links: Array<{ type: string; id: string }>;
  /** What is stored now, so that only what changes is written. */
  linkValidity: string[];
  status: string;
  /** The ids its expression nests, as written, whether a field has them or not. */
  references: number[];
}

/** A field ready to be written, with what is stored beside it. */
export interface DerivedField {
  field: CalculatedField;
  expressionStatus: string;
  /** The ids its expression nests, as written, whether a field has them or not. */
  references: number[];
}

/** New derived state for a stored field whose own content did not change. */
export interface DerivedUpdate {
  id: number;
  linkValidity: string[];
  status: string;
  references: number[];
}

/** A field made INVALID by a reference cycle, and why in words. */
export interface CycleNote {
  fieldId: number;
  name: string;
  message: string;
}

export interface InstanceShape {
  /** Data source id -> its column names. */
  columnsBySource: ReadonlyMap<string, readonly string[]>;
  /** Card id -> the id of the data source it is built on. */
  sourceByCard: ReadonlyMap<string, string>;
}

export interface Derivation {
  fields: DerivedField[];
  updates: DerivedUpdate[];
  cycles: CycleNote[];
}

/**
 * Derives everything the service stores from what people wrote
 * (docs/expressions.md): per field from its expression, and across fields the
 * nested references (`SERVICE_BEAST_MODE(<id>)`), their FUNCTION_TEMPLATE links,
 * link validity and the status that an unknown id or a cycle makes INVALID.
 * `stored` are the fields kept as they are; any of them whose links, status or
 * references change because of `authored` comes back as an update. Their own
 * content is never rewritten, locked or not.
 */
export function deriveFields(
  authored: readonly AuthoredField[],
  stored: readonly StoredFieldFacts[],
  shape: InstanceShape,
): Derivation {
  const analyses = authored.map((field) => analyzeExpression(field.expression));
  const nests = analyses.map((analysis) => nestedIds(analysis.fieldReferences));
  const resolved = resolveNestedReferences([
    ...authored.map((field, index) => ({ id: field.id, nests: nests[index]! })),
    ...stored.map((field) => ({ id: field.id, nests: field.references })),
  ]);
  const exists = new Set([...authored, ...stored].map((field) => field.id));
  const columnSets = new Map<string, ReadonlySet<string>>();
  const columnsOf = (source: string) => {
    let columns = columnSets.get(source);
    const listed = shape.columnsBySource.get(source);
    if (!columns && listed) columnSets.set(source, (columns = new Set(listed)));
    return columns;
  };
  const validityOf = (link: { type: string; id: string }, names: readonly string[]) => {
    if (link.type === FUNCTION_TEMPLATE) {
      return exists.has(Number(link.id)) ? VALID : ILLEGAL_REFERENCE;
    }
    // A backtick name is always a column: the link is VALID when its data source has each.
    const source = link.type === 'CARD' ? shape.sourceByCard.get(link.id) : link.id;
    const columns = source === undefined ? undefined : columnsOf(source);
    return columns !== undefined && names.every((name) => columns.has(name))
      ? VALID
      : ILLEGAL_REFERENCE;
  };
  const statusOf = (expressionStatus: string, id: number) =>
    expressionStatus === VALID && !resolved.unknown.has(id) && !resolved.cycles.has(id)
      ? VALID
      : INVALID;

  const fields = authored.map((field, index): DerivedField => {
    const analysis = analyses[index]!;
    const names = referencedColumns(analysis);
    const links = [
      // FUNCTION_TEMPLATE links are derived here, never taken as authored.
      ...field.links.filter((link) => link.type !== FUNCTION_TEMPLATE),
      ...nests[index]!.map((id) => ({
        type: FUNCTION_TEMPLATE,
        id: String(id),
        visible: false,
        active: true,
      })),
    ];
    return {
      field: {
        id: field.id,
        name: field.name,
        owner: field.owner,
        locked: field.locked,
        global: field.global,
        expression: field.expression,
        checkSum: checkSumOf(field.expression),
        links: links.map((link) => ({
          resource: { type: link.type, id: link.id },
          visible: link.visible,
          active: link.active,
          valid: validityOf(link, names),
        })),
        legacyId: field.legacyId,
        lastModified: field.lastModified,
        created: field.created,
        aggregated: analysis.aggregated,
        analytic: analysis.analytic,
        dataType: field.dataType,
        status: statusOf(analysis.status, field.id),
        cacheWindow: field.cacheWindow,
        columnPositions: analysis.columnPositions,
        functions: analysis.functions,
        functionTemplateDependencies: nests[index]!,
        archived: field.archived,
        hidden: field.hidden,
        variable: field.variable,
      },
      expressionStatus: analysis.status,
      references: nests[index]!,
    };
  });

  const updates: DerivedUpdate[] = [];
  for (const field of stored) {
    const linkValidity = field.links.map((link) => validityOf(link, field.referencedNames));
    const status = statusOf(field.expressionStatus, field.id);
    if (status !== field.status || !sameItems(linkValidity, field.linkValidity)) {
      updates.push({ id: field.id, linkValidity, status, references: field.references });
    }
  }

  const names = new Map([...authored, ...stored].map((field) => [field.id, field.name]));
  const nameOf = (target: number) => names.get(target) ?? String(target);
  const cycles: CycleNote[] = [...resolved.cycles]
    .map(([id, cycle]) => ({ fieldId: id, name: nameOf(id), message: cycleMessage(cycle, nameOf) }))
    .sort((a, b) => a.fieldId - b.fieldId);

  return { fields, updates, cycles };
}

function sameItems<T>(first: readonly T[], second: readonly T[]): boolean {
  return first.length === second.length && first.every((item, index) => item === second[index]);
}
