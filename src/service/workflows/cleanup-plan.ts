import { linkSummaryOf } from '../../contract/link-summary';
import type { CleanupRequest, PreviewItem, WorkflowPreview } from '../../contract/workflows';
import type { ChangeItemRequest } from '../../contract/journal';
import { previewOf } from './preview-result';
import { retireChange, retireRefusal } from './retire-field';
import type { WorkflowSnapshot } from './workflow-snapshot';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A dry run of cleaning up the Unused finding (no active card link, nested by no
 * other field), and for a delete that asks, the archived fields nothing uses (listed
 * after the others, each marked): locked and recently changed fields skipped, and usage
 * checked again on the fields as last seen, so one that became used since the finding
 * is skipped.
 */
export function cleanupPlan(
  snapshot: WorkflowSnapshot,
  request: Required<Pick<CleanupRequest, 'action' | 'recentDays' | 'includeArchived'>> & {
    fieldIds?: number[];
  },
  now: number,
): WorkflowPreview {
  const { findings } = snapshot;
  const chosen = request.fieldIds && new Set(request.fieldIds);
  const archived = request.includeArchived ? findings.archivedUnused : [];
  const ids = [...findings.byKey.unused.ids, ...archived].filter((id) => !chosen || chosen.has(id));
  const recent = now - request.recentDays * DAY_MS;
  const entries = ids.flatMap((id): Array<{ item: PreviewItem; change?: ChangeItemRequest }> => {
    const field = snapshot.fields.get(id);
    if (!field) return [];
    const base = { id, name: field.name, ...(field.archived && { archived: true }) };
    const refusal = retireRefusal(field, request.action, snapshot.deletesNeedLink);
    if (refusal) return [{ item: { ...base, action: 'skip', reason: refusal } }];
    if (field.lastModified > recent) {
      return [
        {
          item: {
            ...base,
            action: 'skip',
            reason: `changed in the last ${request.recentDays} days`,
          },
        },
      ];
    }
    const used = linkSummaryOf(field.links).inVisualization || snapshot.nestedBy.has(id);
    if (used) return [{ item: { ...base, action: 'skip', reason: 'used since the finding' } }];
    return [
      {
        item: { ...base, action: 'change', rule: request.action },
        change: retireChange(field, request.action),
      },
    ];
  });
  const which = request.includeArchived ? 'unused fields, archived ones too' : 'unused fields';
  return previewOf(
    'cleanup',
    `${request.action} ${which}: no active card link, nested by no other field`,
    entries,
  );
}
