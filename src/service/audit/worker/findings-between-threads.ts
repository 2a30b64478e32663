import type { PackedIdLists } from '../../../analysis/id-lists';
import { IdLists } from '../../../analysis/id-lists';
import type { FindingKey } from '../../../contract/audit';
import type { Findings } from '../findings/compute-findings';
import type { FindingsSummary } from '../findings/describe-findings';
import { summaryOf } from '../findings/describe-findings';
import type { PackedFactsTable } from '../findings/facts-table';
import { FactsTable } from '../findings/facts-table';
import type { Finding } from '../findings/finding';
import type { PackedFindingGroups } from '../findings/finding-groups';
import { FindingGroups } from '../findings/finding-groups';
import type { FieldReferences, MissingReference } from '../findings/references-between-fields';
import type { PackedTexts } from '../findings/texts-by-field';
import { TextsByField } from '../findings/texts-by-field';
import { wholeIndex } from '../search/finding-index';
import { FieldIndex } from '../../store/index/field-index';
import type { Steps } from '../../store/in-turns';
import { finishedInTurns } from '../../store/in-turns';
import { packedAtOnce } from '../../store/saved-index';
import type { SentTexts } from '../../store/text-list';
import { textsTakenIn, textsToSend } from '../../store/text-list';
import type { SentValues } from './values-between-threads';
import { valuesTakenIn, valuesToSend } from './values-between-threads';
import type { SentIndex } from './index-between-threads';
import { indexTakenIn, indexToSend } from './index-between-threads';
import type { InSlices } from './arrays-in-slices';
import { arraysInSlices, arraysWhole, SLICE_LENGTH } from './arrays-in-slices';

/**
 * Findings as made on the audit's thread: all but the reader of expressions (which
 * stays there), with what the audit page shows of them, made there too.
 */
export interface MadeFindings {
  findings: Omit<Findings, 'expressions'>;
  summary: FindingsSummary;
  /**
   * The search index of every field (statistics, the snapshot's searches), its parts
   * built there too: built on first use, it held the thread that answers requests for
   * about 30 s at 1,000,000 fields when the audit page first asked for its statistics.
   * Made from its parts where they arrive, in turns with the rest.
   */
  wholeIndex: FieldIndex;
}

/** The references with their lists of ids packed (analysis/id-lists.ts), and what broken links miss as JSON. */
type SentReferences = Omit<
  FieldReferences,
  'references' | 'nests' | 'referencedBy' | 'unknown' | 'missing'
> &
  Record<'references' | 'nests' | 'referencedBy' | 'unknown', PackedIdLists> & {
    missing: PackedTexts;
  };

/** A finding's ids and groups as typed arrays, and its notes packed. */
type SentFinding = Omit<Finding, 'ids' | 'groups' | 'notes'> & {
  ids: Float64Array;
  groups: PackedFindingGroups;
  notes: PackedTexts;
};

type SentFacts = Omit<PackedFactsTable, 'columns'> & {
  columns: Omit<PackedFactsTable['columns'], 'names' | 'texts'> & {
    names: SentTexts;
    texts: SentValues;
  };
};

/**
 * MadeFindings as one message carries them: whatever is large packed in typed arrays
 * (the facts, the references, the notes, the index's lists), which move to
 * the receiving thread (worker/buffers-to-move.ts) instead of being copied, and which
 * a class would lose its methods on the way. At 1,000,000 fields the maps among them
 * crossed a few hundred entries a message before: hundreds of turns of both threads.
 * The fields' names and the index's distinct names cross as UTF-8 bytes, read a name
 * at a time where they arrive (store/text-list.ts); the findings' ids and groups, and
 * the lists of values the facts and the index keep, as typed arrays too
 * (finding-groups.ts, values-between-threads.ts). What is left crosses as bytes in
 * slices wherever it is large (arrays-in-slices.ts): an instance's directory.
 */
export interface SentFindings {
  findings: Omit<Findings, 'expressions' | 'fields' | 'references' | 'byKey' | 'archivedUnused'> & {
    fields: SentFacts;
    references: SentReferences;
    byKey: Record<FindingKey, SentFinding>;
    archivedUnused: Float64Array;
  };
  summary: FindingsSummary;
  wholeIndex: SentIndex;
}

/** What the audit's thread posts of its findings, their large arrays in slices. */
export type FindingsToSend = InSlices<SentFindings>;

export function findingsToSend(found: Findings, sliceLength = SLICE_LENGTH): FindingsToSend {
  const { expressions: _expressions, fields, references, byKey, archivedUnused, ...rest } = found;
  const facts = fields.pack();
  return arraysInSlices<SentFindings>(
    {
      findings: {
        ...rest,
        fields: {
          ...facts,
          columns: {
            ...facts.columns,
            names: textsToSend(facts.columns.names),
            texts: valuesToSend(facts.columns.texts),
          },
        },
        references: {
          ...references,
          references: references.references.pack(),
          nests: references.nests.pack(),
          referencedBy: references.referencedBy.pack(),
          unknown: references.unknown.pack(),
          missing: TextsByField.ofJson(references.missing).pack(),
        },
        byKey: eachFinding(byKey, (finding) => ({
          ...finding,
          ids: Float64Array.from(finding.ids),
          groups: finding.groups.pack(),
          notes: TextsByField.of(finding.notes).pack(),
        })),
        archivedUnused: Float64Array.from(archivedUnused),
      },
      // What the audit page shows of them too: half a second at 100,000 fields.
      summary: summaryOf(found),
      wholeIndex: indexToSend(packedAtOnce(wholeIndex(found).parts())),
    },
    sliceLength,
  );
}

/**
 * The findings posted, made again on the thread that answers requests in turns of
 * about 10 ms (store/in-turns.ts; `turnMs` to change it), so a search waits for no
 * more than a turn.
 */
export function findingsReceived(posted: FindingsToSend, turnMs?: number): Promise<MadeFindings> {
  return finishedInTurns(takingIn(posted), turnMs);
}

function* takingIn(posted: FindingsToSend): Steps<MadeFindings> {
  const sent = yield* arraysWhole(posted);
  const { fields, references, byKey, archivedUnused, ...rest } = sent.findings;
  const ids: Partial<Record<FindingKey, number[]>> = {};
  for (const [key, finding] of Object.entries(byKey)) {
    ids[key as FindingKey] = yield* valuesTakenIn<number>(finding.ids);
  }
  return {
    findings: {
      ...rest,
      fields: FactsTable.unpack({
        ...fields,
        columns: {
          ...fields.columns,
          names: textsTakenIn(fields.columns.names),
          texts: yield* valuesTakenIn<string>(fields.columns.texts),
        },
      }),
      references: {
        ...references,
        references: IdLists.unpack(references.references),
        nests: IdLists.unpack(references.nests),
        referencedBy: IdLists.unpack(references.referencedBy),
        unknown: IdLists.unpack(references.unknown),
        missing: TextsByField.unpackJson<MissingReference[]>(references.missing),
      },
      byKey: eachFinding(byKey, (finding) => ({
        ...finding,
        ids: ids[finding.key]!,
        groups: FindingGroups.unpack(finding.groups),
        notes: TextsByField.unpack(finding.notes),
      })),
      archivedUnused: yield* valuesTakenIn<number>(archivedUnused),
    },
    summary: sent.summary,
    wholeIndex: yield* FieldIndex.inSteps(yield* indexTakenIn(sent.wholeIndex)),
  };
}

function eachFinding<From, To>(
  byKey: Record<FindingKey, From>,
  change: (finding: From) => To,
): Record<FindingKey, To> {
  return Object.fromEntries(
    Object.entries(byKey).map(([key, finding]) => [key, change(finding as From)]),
  ) as Record<FindingKey, To>;
}
