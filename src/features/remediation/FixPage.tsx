import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { findingRules } from '../../contract/audit';
import { useDocumentTitle } from '../../components/use-document-title';
import { CleanupPanel } from './CleanupPanel';
import { MergePanel } from './MergePanel';
import { RemapPanel } from './RemapPanel';

/** The workflow an address asks for, or why the address names none. */
function Workflow({ address }: { address: URLSearchParams }) {
  const workflow = address.get('workflow');
  if (workflow === 'cleanup') return <CleanupPanel rule={findingRules.unused} />;
  if (workflow === 'merge') {
    const finding = address.get('finding');
    const group = address.get('group');
    if ((finding === 'exact-duplicates' || finding === 'near-duplicates') && group) {
      return <MergePanel group={{ finding, key: group }} fields={[]} />;
    }
    return <Refused reason="A merge needs a duplicates finding and one of its groups." />;
  }
  if (workflow === 'remap') {
    const dataSourceId = address.get('dataSource');
    const column = address.get('column');
    if (dataSourceId && column) return <RemapPanel dataSourceId={dataSourceId} column={column} />;
    return <Refused reason="A remap needs a data source and a column." />;
  }
  return <Refused reason="This address names no fix: the fixes are cleanup, merge and remap." />;
}

function Refused({ reason }: { reason: string }) {
  return (
    <Alert color="red" title="Nothing to fix here">
      {reason}
    </Alert>
  );
}

/** One fix, opened from its address (links/fix-link.ts), where the problem is shown. */
export function FixPage() {
  useDocumentTitle('Fix');
  const [address] = useSearchParams();
  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h2">
        Fix
      </Title>
      <Paper withBorder p="md">
        <Workflow address={address} />
      </Paper>
    </Stack>
  );
}
