import type { PackedIdLists } from '../../../analysis/id-lists';
import { IdLists } from '../../../analysis/id-lists';
import type { Findings } from '../findings/compute-findings';
import type { FindingsSummary } from '../findings/describe-findings';
import { summaryOf } from '../findings/describe-findings';
import type { PackedFactsTable } from '../findings/facts-table';
import { FactsTable } from '../findings/facts-table';
import type { FieldReferences } from '../findings/references-between-fields';
import { wholeIndex } from '../search/finding-index';
import type { FieldIndexParts } from '../../store/index/field-index';

/**
 * Findings as made on the audit's thread: all but the reader of expressions (which
 * stays there), with what the audit page shows of them, made there too.
 */
export interface MadeFindings {
  findings: Omit<Findings, 'expressions'>;
  summary: FindingsSummary;
  /**
   * The search index of every field (statistics, the snapshot's searches), built there
   * too: built on first use, it held the thread that answers requests for about 30 s
   * at 1,000,000 fields when the audit page first asked for its statistics.
   */
  wholeIndex: FieldIndexParts;
}

/** The references with their lists of ids packed (analysis/id-lists.ts): they cross as typed arrays. */
type SentReferences = Omit<FieldReferences, 'references' | 'nests' | 'referencedBy' | 'unknown'> &
  Record<'references' | 'nests' | 'referencedBy' | 'unknown', PackedIdLists>;

const referencesToSend = (references: FieldReferences): SentReferences => ({
  ...references,
  references: references.references.pack(),
  nests: references.nests.pack(),
  referencedBy: references.referencedBy.pack(),
  unknown: references.unknown.pack(),
});

const referencesReceived = (sent: SentReferences): FieldReferences => ({
  ...sent,
  references: IdLists.unpack(sent.references),
  nests: IdLists.unpack(sent.nests),
  referencedBy: IdLists.unpack(sent.referencedBy),
  unknown: IdLists.unpack(sent.unknown),
});

/** MadeFindings as a message carries them: the facts and references packed, as a class loses its methods on the way. */
export interface SentFindings {
  findings: Omit<Findings, 'expressions' | 'fields' | 'references'> & {
    fields: PackedFactsTable;
    references: SentReferences;
  };
  summary: FindingsSummary;
  wholeIndex: FieldIndexParts;
}

export function findingsToSend(found: Findings): SentFindings {
  const { expressions: _expressions, fields, references, ...rest } = found;
  // What the audit page shows of them too: half a second at 100,000 fields.
  return {
    findings: { ...rest, fields: fields.pack(), references: referencesToSend(references) },
    summary: summaryOf(found),
    wholeIndex: wholeIndex(found).parts(),
  };
}

export function findingsReceived(sent: SentFindings): MadeFindings {
  const { fields, references, ...rest } = sent.findings;
  return {
    findings: {
      ...rest,
      fields: FactsTable.unpack(fields),
      references: referencesReceived(references),
    },
    summary: sent.summary,
    wholeIndex: sent.wholeIndex,
  };
}
