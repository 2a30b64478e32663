import { analyzeExpression, referencedColumns } from '../../analysis/analyze-expression';
import { cycleMessage } from '../../analysis/reference-cycles';
import type { CalculatedField } from '../../contract/field';
import { INVALID, VALID } from '../../contract/field';
import { checkSumOf } from './check-sum';
import type { ReferenceFacts } from './nested-references';
import { resolveReferences } from './nested-references';

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
  /** Its status from the expression alone, before reference cycles. */
  expressionStatus: string;
  links: Array<{ type: string; id: string }>;
  /** What is stored now, so that only what changes is written. */
  linkValidity: string[];
  status: string;
  references: number[];
}

/** A field ready to be written, with what is stored beside it. */
export interface DerivedField {
  field: CalculatedField;
  expressionStatus: string;
  /** Ids of the calculated fields its expression references. */
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
 * nested references, link validity and reference cycles. `stored` are the fields
 * kept as they are; any of them whose links, status or references change because
 * of `authored` comes back as an update. Their own content is never rewritten,
 * locked or not.
 */
export function deriveFields(
  authored: readonly AuthoredField[],
  stored: readonly StoredFieldFacts[],
  shape: InstanceShape,
): Derivation {
  const sourceOf = (link: { type: string; id: string }) =>
    link.type === 'CARD' ? shape.sourceByCard.get(link.id) : link.id;
  const analyses = authored.map((field) => analyzeExpression(field.expression));
  const facts: ReferenceFacts[] = [
    ...authored.map((field, index) => ({
      id: field.id,
      name: field.name,
      referencedNames: referencedColumns(analyses[index]!),
      linkSources: field.links.map(sourceOf),
    })),
    ...stored.map((field) => ({ ...field, linkSources: field.links.map(sourceOf) })),
  ];
  const resolved = resolveReferences(facts, shape.columnsBySource);
  const names = new Map(facts.map((field) => [field.id, field.name]));
  const statusOf = (expressionStatus: string, id: number) =>
    expressionStatus === VALID && resolved.get(id)?.cycle === undefined ? VALID : INVALID;

  const fields = authored.map((field, index): DerivedField => {
    const analysis = analyses[index]!;
    const { references, linkValidity } = resolved.get(field.id)!;
    return {
      field: {
        id: field.id,
        name: field.name,
        owner: field.owner,
        locked: field.locked,
        global: field.global,
        expression: field.expression,
        checkSum: checkSumOf(field.expression),
        links: field.links.map((link, position) => ({
          resource: { type: link.type, id: link.id },
          visible: link.visible,
          active: link.active,
          valid: linkValidity[position]!,
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
        archived: field.archived,
        hidden: field.hidden,
        variable: field.variable,
      },
      expressionStatus: analysis.status,
      references,
    };
  });

  const updates: DerivedUpdate[] = [];
  for (const field of stored) {
    const { references, linkValidity } = resolved.get(field.id)!;
    const status = statusOf(field.expressionStatus, field.id);
    if (
      status !== field.status ||
      !sameItems(linkValidity, field.linkValidity) ||
      !sameItems(references, field.references)
    ) {
      updates.push({ id: field.id, linkValidity, status, references });
    }
  }

  const cycles: CycleNote[] = [];
  for (const [id, { cycle }] of resolved) {
    if (cycle === undefined) continue;
    const nameOf = (target: number) => names.get(target) ?? String(target);
    cycles.push({ fieldId: id, name: nameOf(id), message: cycleMessage(cycle, nameOf) });
  }
  cycles.sort((a, b) => a.fieldId - b.fieldId);

  return { fields, updates, cycles };
}

function sameItems<T>(first: readonly T[], second: readonly T[]): boolean {
  return first.length === second.length && first.every((item, index) => item === second[index]);
}
