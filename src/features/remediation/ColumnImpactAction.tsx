import { RemapPanel } from './RemapPanel';
import { WorkflowDialog } from './WorkflowDialog';

/** Beside a column reference in the drawer: what the column reaches, and a remap of it. */
export function ColumnImpactAction({
  dataSourceId,
  column,
}: {
  dataSourceId: string;
  column: string;
}) {
  return (
    <WorkflowDialog label="Impact and remap" title={`Column \`${column}\``}>
      <RemapPanel dataSourceId={dataSourceId} column={column} />
    </WorkflowDialog>
  );
}
