import type { CalculatedField } from '../../contract/field';
import type { ChangeItem, ChangeSetDetail } from '../../contract/journal';
import { skipWords } from '../../components/change-sets/change-words';
import { apiErrorFromBody, asSentence } from '../api-error';

/**
 * A one-item set finishes at once in embedded mode, and after one request to the
 * instance in proxy mode: it is asked for at once, then again a little later each
 * time, rather than at the pace a big set is followed (RUNNING_POLL_MS).
 */
const followDelaysMs = [0, 50, 100, 200, 400];

/** The lock or unlock was recorded but not made: the field is as `lockedNow` says. */
export class LockNotMade extends Error {
  constructor(
    message: string,
    /** The field's lock as the journal found it; undefined when that is not known. */
    readonly lockedNow: boolean | undefined,
  ) {
    super(message);
    this.name = 'LockNotMade';
  }
}

/**
 * Locks or unlocks one field as a change set of its own (docs/api.md, "The journal"):
 * the server records it and the field's state before it sends anything, so the lock
 * shows in Activity and in the field's history. Answers the field as the lock left it;
 * an item skipped or refused throws LockNotMade in the journal's words.
 */
export async function recordLock({
  id,
  locked,
}: {
  id: number;
  locked: boolean;
}): Promise<CalculatedField> {
  // Loaded with the first lock: the table's first screen loads no zod (http-client.ts).
  const [{ startChangeSet }, { getChangeSet, RUNNING_POLL_MS }] = await Promise.all([
    import('../journal/start-change-set'),
    import('../journal/get-change-set'),
  ]);
  // One field: the longer wait, a proxy's, costs the embedded server nothing.
  const started = await startChangeSet(
    { kind: locked ? 'lock' : 'unlock', items: [{ id, change: { update: { locked } } }] },
    'proxy',
  );
  let detail: ChangeSetDetail;
  for (let asked = 0; ; asked += 1) {
    await new Promise((resolve) => setTimeout(resolve, followDelaysMs[asked] ?? RUNNING_POLL_MS));
    detail = await getChangeSet(started.id);
    if (detail.changeSet.state !== 'running') break;
  }
  return outcomeOf(detail.items[0]);
}

function outcomeOf(item: ChangeItem | undefined): CalculatedField {
  if (item?.state === 'applied' && item.after) return item.after;
  if (item?.state === 'skipped') {
    throw new LockNotMade(asSentence(skipWords(item)), item.before?.locked);
  }
  if (item?.state === 'failed' && item.error) {
    throw new LockNotMade(
      apiErrorFromBody(item.error.status, item.error).message,
      item.before?.locked,
    );
  }
  throw new LockNotMade(
    'Whether the change was made is not known: the instance did not say. Look at the field again.',
    undefined,
  );
}
