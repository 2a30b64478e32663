import type { FieldRecordInput, OwnerRecord } from '../instance/instance-file';
import type { ExpressionBreak } from './break-expression';
import { breakExpression, expressionBreaks } from './break-expression';
import { chooseFieldDraft } from './choose-field-draft';
import { decorateFieldName } from './decorate-field-name';
import type { DemoDataSource } from './demo-data-source';
import { cacheWindowWeights, demoMix, historyMs } from './demo-mix';
import type { DemoDataType } from './field-draft';
import { generateFieldLinks } from './generate-field-links';
import { nestedDraft, ReferenceableFields, retiredFieldDraft } from './nested-fields';
import { referenceMissingColumn } from './reference-missing-column';
import type { SeededRandom } from './seeded-random';
import { variableDraft } from './variable-drafts';

export interface FieldContext {
  sources: readonly DemoDataSource[];
  owners: readonly OwnerRecord[];
  cardIdsBySource: ReadonlyMap<string, readonly string[]>;
  now: number;
}

/** What a person wrote: kept so that a later field can be an exact copy of it. */
interface AuthoredField {
  name: string;
  expression: string;
  dataType: DemoDataType;
  variable: boolean;
  source: DemoDataSource;
  /** It nests another calculated field. */
  nested: boolean;
}

/** The ordinal numbers of nested fields that nest a field since deleted. */
const retiredReferences: ReadonlySet<number> = new Set([3, 40]);

const rememberedForCopies = 256;

/** Fields with ids 1..count, produced one at a time so callers can stream them. */
export function* generateFields(
  count: number,
  context: FieldContext,
  random: SeededRandom,
): Generator<FieldRecordInput> {
  const recent: AuthoredField[] = [];
  const referenceable = new ReferenceableFields();
  let nestedCount = 0;
  for (let id = 1; id <= count; id++) {
    const copy = recent.length > 0 && random.chance(demoMix.copyOfEarlier);
    let authored: AuthoredField;
    if (copy) authored = random.pick(recent);
    else {
      const source = pickSource(context, random);
      const nested = referenceable.hasTargets(source) && random.chance(demoMix.nested);
      if (nested) nestedCount += 1;
      // A deleted field's id is one no generated field has: past the last.
      const retiredId = retiredReferences.has(nestedCount) ? count + nestedCount : undefined;
      authored = nested
        ? authorNestedField(source, referenceable, retiredId, random)
        : authorField(source, random);
    }
    if (!copy) {
      if (recent.length === rememberedForCopies)
        recent[random.int(0, rememberedForCopies - 1)] = authored;
      else recent.push(authored);
    }
    const field = completeField(id, authored, context, random);
    referenceable.remember(
      authored.source,
      { id, name: authored.name, nestsAnother: authored.nested },
      isLinkedTo(field, authored.source, context),
    );
    yield field;
  }
}

function pickSource(context: FieldContext, random: SeededRandom): DemoDataSource {
  // Usage is uneven in real instances: a few data sources and owners hold most fields.
  const source = context.sources[random.skewedIndex(context.sources.length, 1.5)];
  if (!source) throw new RangeError('a demo instance needs at least one data source');
  return source;
}

/** Its DATA_SOURCE link, or a card built on the data source: what lets others nest it. */
function isLinkedTo(field: FieldRecordInput, source: DemoDataSource, context: FieldContext) {
  const cards = context.cardIdsBySource.get(source.record.id) ?? [];
  return (field.links ?? []).some((link) =>
    link.type === 'DATA_SOURCE' ? link.id === source.record.id : cards.includes(link.id),
  );
}

function authorNestedField(
  source: DemoDataSource,
  referenceable: ReferenceableFields,
  retiredId: number | undefined,
  random: SeededRandom,
): AuthoredField {
  const target = referenceable.pickTarget(source, random);
  const draft =
    retiredId === undefined
      ? nestedDraft(source, target, random)
      : retiredFieldDraft(target, retiredId);
  return {
    name: referenceable.uniqueName(source, draft.name),
    expression: draft.expression,
    dataType: draft.dataType,
    variable: false,
    source,
    nested: true,
  };
}

function authorField(source: DemoDataSource, random: SeededRandom): AuthoredField {
  const variable = random.chance(demoMix.variable);
  const draft = variable ? variableDraft(random) : chooseFieldDraft(source.columns, random);
  let expression = draft.expression;
  if (!variable && random.chance(demoMix.missingColumn / (1 - demoMix.variable))) {
    expression = referenceMissingColumn(expression, source, random);
  }
  if (random.chance(demoMix.invalidExpression)) {
    expression = breakExpression(expression, random.pick<ExpressionBreak>(expressionBreaks));
  }
  const name = decorateFieldName(draft.name, random);
  return { name, expression, dataType: draft.dataType, variable, source, nested: false };
}

function completeField(
  id: number,
  authored: AuthoredField,
  context: FieldContext,
  random: SeededRandom,
): FieldRecordInput {
  const owner = context.owners[random.skewedIndex(context.owners.length, 2)];
  if (!owner) throw new RangeError('a demo instance needs at least one owner');
  const span = Math.min(historyMs, context.now);
  const created = context.now - Math.floor(random.skewed(1.5) * span);
  const lastModified = random.chance(demoMix.neverModified)
    ? created
    : created + Math.floor(random.skewed(2) * (context.now - created));
  const locked = random.chance(demoMix.locked);
  const global = random.chance(demoMix.global);
  const archived = random.chance(demoMix.archived);
  const hidden = random.chance(demoMix.hidden);
  const cacheWindow = random.weighted(cacheWindowWeights);
  const legacyId = `calculation_${random.uuid()}`;
  const cardIds = context.cardIdsBySource.get(authored.source.record.id) ?? [];
  const links = generateFieldLinks(authored.source, cardIds, random);
  return {
    id,
    name: authored.name,
    owner: owner.id,
    expression: authored.expression,
    locked,
    global,
    archived,
    hidden,
    variable: authored.variable,
    dataType: authored.dataType,
    cacheWindow,
    created,
    lastModified,
    legacyId,
    links,
  };
}
