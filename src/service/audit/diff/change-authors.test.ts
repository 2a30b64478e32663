import { describe, expect, it } from 'vitest';
import type { FieldChange, FieldState } from '../../../contract/audit';
import type { CalculatedField } from '../../../contract/field';
import type { RecordedChange } from '../../../contract/journal';
import type { RecordedFieldChange } from './change-authors';
import { withAuthors } from './change-authors';

const state = (overrides: Partial<FieldState> = {}): FieldState => ({
  name: 'Margin',
  owner: 5,
  status: 'VALID',
  locked: false,
  expression: 'SUM(`A`)',
  ...overrides,
});

let nextSet = 1;
const recorded = (change: RecordedChange, after: FieldState | null): RecordedFieldChange => ({
  fieldId: 7,
  changeSetId: nextSet++,
  person: 'ada',
  at: 1000,
  change,
  after: after && ({ id: 7, ...after } as unknown as CalculatedField),
});

/** The change sets said to have made `change`, of those recorded for its field. */
function authorsOf(change: Omit<FieldChange, 'id' | 'name'>, records: RecordedFieldChange[]) {
  const [authored] = withAuthors(
    [{ id: 7, name: 'Margin', ...change }],
    { appliedBetween: () => records },
    { from: 0, to: 2000 },
  );
  return authored!.changedBy?.map((author) => author.changeSetId) ?? [];
}

describe('who made a change between two scans', () => {
  it('is each recorded change whose result the later scan shows', () => {
    const lock = recorded({ update: { locked: true } }, state({ locked: true }));
    const edit = recorded(
      { update: { expression: 'SUM(`B`)' } },
      state({ locked: true, expression: 'SUM(`B`)' }),
    );
    const after = state({ locked: true, expression: 'SUM(`B`)' });
    expect(
      authorsOf({ kinds: ['locked', 'expression'], before: state(), after }, [lock, edit]),
    ).toEqual([lock.changeSetId, edit.changeSetId]);
  });

  it('is not a change undone again before the later scan, nor one of a property that did not change', () => {
    const lock = recorded({ update: { locked: true } }, state({ locked: true }));
    const unlock = recorded({ update: { locked: false } }, state());
    const rename = recorded({ update: { name: 'Profit' } }, state({ name: 'Profit' }));
    // The field's expression changed outside the app; its lock came and went through it.
    const change = {
      kinds: ['expression' as const],
      before: state(),
      after: state({ expression: '1' }),
    };
    expect(authorsOf(change, [lock, unlock, rename])).toEqual([]);
  });

  it('is a delete for a removed field, a restore for an added one, and a change of what the states do not show for "other"', () => {
    const deleted = recorded({ delete: true }, null);
    const restored = recorded({ restore: true }, state());
    const archived = recorded({ update: { archived: true } }, state());
    expect(authorsOf({ kinds: ['removed'], before: state() }, [deleted, restored])).toEqual([
      deleted.changeSetId,
    ]);
    expect(authorsOf({ kinds: ['added'], after: state() }, [deleted, restored])).toEqual([
      restored.changeSetId,
    ]);
    expect(authorsOf({ kinds: ['other'], before: state(), after: state() }, [archived])).toEqual([
      archived.changeSetId,
    ]);
    expect(
      authorsOf({ kinds: ['locked'], before: state(), after: state({ locked: true }) }, [archived]),
    ).toEqual([]);
  });
});
