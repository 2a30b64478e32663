import { useMutation } from '@tanstack/react-query';
import type { UndoAnswer } from '../../contract/journal';
import { journalPaths, undoAnswerSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { instanceModeOf } from '../app-config';
import type { InstanceMode } from './wait-for-items';
import { waitForItemsMs } from './wait-for-items';
import { journalKeys } from './journal-keys';

export interface UndoRequest {
  id: number;
  /** Only the plan: what would be put back and what would be refused. */
  dryRun: boolean;
  /** The fields the set applied, when known: an undo of many is waited for longer. */
  applied?: number;
}

/** Undoes a change set as a change set of its own; each field changed again since is refused and listed. */
export function undoChangeSet(
  { id, dryRun, applied = 0 }: UndoRequest,
  mode: InstanceMode,
): Promise<UndoAnswer> {
  return requestJson(journalPaths.undo(id), undoAnswerSchema, {
    method: 'POST',
    body: { dryRun },
    timeoutMs: waitForItemsMs(applied, mode),
  });
}

export function useUndoChangeSet() {
  return useMutation({
    mutationFn: async (request: UndoRequest, { client }) =>
      undoChangeSet(request, await instanceModeOf(client)),
    onSuccess: (_answer, { id, dryRun }, _result, { client }) => {
      if (dryRun) return;
      return Promise.all([
        client.invalidateQueries({ queryKey: journalKeys.changeSet(id) }),
        client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
      ]);
    },
  });
}
