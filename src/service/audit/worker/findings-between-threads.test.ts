import { expect, it } from 'vitest';
import { computeFindings } from '../findings/compute-findings';
import { summaryOf } from '../findings/describe-findings';
import { FactsTable } from '../findings/facts-table';
import { FieldIndex } from '../../store/index/field-index';
import { wholeIndex } from '../search/finding-index';
import { demoFacts } from '../test-support/demo-facts';
import { findingsReceived, findingsToSend } from './findings-between-threads';
import type { SentFindings } from './findings-between-threads';
import { buffersToMove } from './buffers-to-move';
import { entriesInParts, putMapsBack, takeMapsOut } from './maps-in-parts';

// As the audit's worker sends findings and the server takes them in: the large maps a
// part per message, then the rest, each message a structured clone, the rest's typed
// arrays moved rather than copied.
it('findings sent from the audit thread arrive with facts read as they were made', () => {
  const found = computeFindings(demoFacts(300, 5), () => new Map());
  // As made, taken before they are sent: sending empties what moves.
  const made = structuredClone({
    fields: [...found.fields.entries()],
    references: found.references,
    byKey: found.byKey,
    headline: found.headline,
    summary: summaryOf(found),
  });
  const builtHere = wholeIndex(found);
  const maps: Array<Map<unknown, unknown>> = [];
  const sent = takeMapsOut(findingsToSend(found), maps) as SentFindings;
  const rest = structuredClone(sent, { transfer: buffersToMove(sent) });
  // The sender keeps no copy of the index of every field.
  expect(sent.wholeIndex.ids.length).toBe(0);
  expect(sent.wholeIndex.orders.created.order.length).toBe(0);
  const arrivedMaps = maps.map(
    (map) => new Map([...entriesInParts(map)].flatMap((part) => structuredClone(part))),
  );

  const {
    findings,
    summary,
    wholeIndex: indexParts,
  } = findingsReceived(putMapsBack(rest, arrivedMaps) as SentFindings);
  expect(findings.fields).toBeInstanceOf(FactsTable);
  expect([...findings.fields.entries()]).toEqual(made.fields);
  expect(findings.references).toEqual(made.references);
  expect(findings.byKey).toEqual(made.byKey);
  expect(findings.headline).toEqual(made.headline);
  expect(summary).toEqual(made.summary);
  // The index of every field, built with them, answers as one built where they arrive.
  const arrivedIndex = new FieldIndex(indexParts);
  expect(arrivedIndex.statistics()).toEqual(builtHere.statistics());
  const byName = { filters: [], sort: { field: 'name' as const, ascending: true }, limit: 50 };
  expect(arrivedIndex.search({ ...byName, offset: 0 })).toEqual(
    builtHere.search({ ...byName, offset: 0 }),
  );
});
