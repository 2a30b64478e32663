import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CleanupRequest,
  ColumnRequest,
  HandoverRequest,
  HiddenNamesRequest,
  MergeGroupRequest,
  MergeRequest,
  RemapRequest,
  ReplaceRequest,
  WorkflowPreview,
} from '../../contract/workflows';
import {
  columnImpactSchema,
  mergeGroupSchema,
  workflowPaths,
  workflowPreviewSchema,
} from '../../contract/workflows';
import { requestJson } from '../http-client';

/** What each workflow's preview is asked with. */
export type WorkflowRequest =
  | { workflow: 'remap'; body: RemapRequest }
  | { workflow: 'replace'; body: ReplaceRequest }
  | { workflow: 'merge'; body: MergeRequest }
  | { workflow: 'handover'; body: HandoverRequest }
  | { workflow: 'cleanup'; body: CleanupRequest }
  | { workflow: 'hiddenNames'; body: HiddenNamesRequest };

/** A preview is computed on the server from the audit's copy; a large one takes a while. */
const PREVIEW_TIMEOUT_MS = 60_000;

export function previewWorkflow(request: WorkflowRequest): Promise<WorkflowPreview> {
  return requestJson(workflowPaths[request.workflow], workflowPreviewSchema, {
    method: 'POST',
    body: request.body,
    timeoutMs: PREVIEW_TIMEOUT_MS,
  });
}

/** Asked when the person presses Preview, not on every keystroke. */
export function usePreviewWorkflow() {
  return useMutation({ mutationFn: previewWorkflow });
}

export function useColumnImpact(request: ColumnRequest) {
  return useQuery({
    queryKey: ['workflows', 'column-impact', request.dataSourceId, request.column],
    queryFn: ({ signal }) =>
      requestJson(workflowPaths.columnImpact, columnImpactSchema, {
        method: 'POST',
        body: request,
        signal,
      }),
  });
}

/** A duplicate group's fields, to choose the one to keep. */
export function useMergeGroup(request: MergeGroupRequest) {
  return useQuery({
    queryKey: ['workflows', 'merge-group', request],
    queryFn: ({ signal }) =>
      requestJson(workflowPaths.mergeGroup, mergeGroupSchema, {
        method: 'POST',
        body: request,
        signal,
      }),
  });
}
