import { expect, it } from 'vitest';
import { computeFindings } from '../findings/compute-findings';
import { summaryOf } from '../findings/describe-findings';
import { FactsTable } from '../findings/facts-table';
import { FieldIndex } from '../../store/index/field-index';
import { wholeIndex } from '../search/finding-index';
import { demoFacts } from '../test-support/demo-facts';
import { findingsReceived, findingsToSend } from './findings-between-threads';
import type { SentFindings } from './findings-between-threads';
import { entriesInParts, putMapsBack, takeMapsOut } from './maps-in-parts';

const facts = demoFacts(300, 5);

// As the audit's worker sends findings and the server takes them in: the large maps a
// part per message, then the rest, each message a structured clone.
it('findings sent from the audit thread arrive with facts read as they were made', () => {
  const found = computeFindings(facts, () => new Map());
  const maps: Array<Map<unknown, unknown>> = [];
  const rest = structuredClone(takeMapsOut(findingsToSend(found), maps));
  const arrivedMaps = maps.map(
    (map) => new Map([...entriesInParts(map)].flatMap((part) => structuredClone(part))),
  );

  const {
    findings,
    summary,
    wholeIndex: indexParts,
  } = findingsReceived(putMapsBack(rest, arrivedMaps) as SentFindings);
  expect(findings.fields).toBeInstanceOf(FactsTable);
  expect([...findings.fields.entries()]).toEqual([...found.fields.entries()]);
  expect(findings.references).toEqual(found.references);
  expect(findings.byKey).toEqual(found.byKey);
  expect(findings.headline).toEqual(found.headline);
  expect(summary).toEqual(summaryOf(found));
  // The index of every field, built with them, answers as one built where they arrive.
  const arrivedIndex = new FieldIndex(indexParts);
  const builtHere = wholeIndex(found);
  expect(arrivedIndex.statistics()).toEqual(builtHere.statistics());
  const byName = { filters: [], sort: { field: 'name' as const, ascending: true }, limit: 50 };
  expect(arrivedIndex.search({ ...byName, offset: 0 })).toEqual(
    builtHere.search({ ...byName, offset: 0 }),
  );
});
