import type { ReplaceRequest } from '../../contract/workflows';
import { ReplacePanel } from './ReplacePanel';
import { WorkflowDialog } from './WorkflowDialog';

/** On the table's selection bar, or beside its filters: find and replace in those fields' expressions. */
export function ReplaceAction({ scope, what }: { scope: ReplaceRequest['scope']; what: string }) {
  return (
    <WorkflowDialog label="Find and replace" title={`Find and replace in ${what}`}>
      <ReplacePanel scope={scope} />
    </WorkflowDialog>
  );
}
