import { expect, test } from 'vitest';
import type { ChangeSetSummary } from '../../contract/journal';
import { activityFile } from './activity-export';

const set: ChangeSetSummary = {
  id: 3,
  kind: 'rename',
  note: '=cmd|calc',
  person: 'ada',
  createdAt: Date.UTC(2026, 10, 1, 12),
  finishedAt: null,
  state: 'done',
  counts: { total: 2, pending: 0, applied: 1, failed: 0, skipped: 1, unknown: 0 },
  undoOf: null,
  undoneBy: 4,
};

test('Activity as CSV: the byte order mark Excel needs, one line a set, a note that looks like a formula made text', () => {
  const file = activityFile('csv', [set], new Date(2026, 10, 2));
  expect(file.name).toBe('change-sets-2026-11-02.csv');
  expect(file.content).toBe(
    '\uFEFFid,kind,person,created,finished,state,note,items,applied,failed,skipped,undoOf,undoneBy\r\n' +
      `3,rename,ada,2026-11-01T12:00:00.000Z,,done,"'=cmd|calc",2,1,0,1,,4\r\n`,
  );
});
