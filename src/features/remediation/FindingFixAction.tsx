import type { FindingKey } from '../../contract/audit';
import { remapTargetOfGroup } from '../../contract/workflows';
import { CleanupPanel } from './CleanupPanel';
import { MergePanel } from './MergePanel';
import { RemapPanel } from './RemapPanel';
import { WorkflowDialog } from './WorkflowDialog';

/**
 * The fix a finding's row offers, or nothing: a broken-references group of a data
 * source's column -> remap; a duplicate group -> merge; the Unused finding -> clean-up.
 */
export function FindingFixAction(props: {
  finding: FindingKey;
  rule: string;
  group?: { key: string; label: string; fields?: ReadonlyArray<{ id: number; name: string }> };
}) {
  const { finding, group } = props;
  if (finding === 'broken-references' && group) {
    const target = remapTargetOfGroup(group.key);
    if (!target) return null;
    return (
      <WorkflowDialog label="Remap the column" title={group.label}>
        <RemapPanel {...target} />
      </WorkflowDialog>
    );
  }
  if ((finding === 'exact-duplicates' || finding === 'near-duplicates') && group) {
    return (
      <WorkflowDialog label="Merge" title={`Merge: ${group.label}`}>
        <MergePanel group={{ finding, key: group.key }} fields={group.fields ?? []} />
      </WorkflowDialog>
    );
  }
  if (finding === 'unused') {
    return (
      <WorkflowDialog label="Clean up" title="Clean up unused fields">
        <CleanupPanel rule={props.rule} />
      </WorkflowDialog>
    );
  }
  return null;
}
