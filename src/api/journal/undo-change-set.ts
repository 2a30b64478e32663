import { useMutation } from '@tanstack/react-query';
import { journalPaths, undoAnswerSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { refreshAfterChange } from './create-change-set';

export interface UndoRequest {
  id: number;
  /** Only say what the undo would do. */
  dryRun: boolean;
}

/** Undoes a change set as a change set of its own; each field changed again since is refused. */
export function undoChangeSet({ id, dryRun }: UndoRequest) {
  return requestJson(journalPaths.undo(id), undoAnswerSchema, { method: 'POST', body: { dryRun } });
}

export function useUndoChangeSet() {
  return useMutation({
    mutationFn: undoChangeSet,
    onSuccess: (_answer, { dryRun }, _result, { client }) =>
      dryRun ? undefined : refreshAfterChange(client),
  });
}
