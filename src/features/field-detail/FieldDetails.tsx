import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { FieldDetail } from '../../api/calculated-fields/get-field';
import { ColumnUsageTable } from './ColumnUsageTable';
import { ExpressionView } from './ExpressionView';
import { FieldSummary } from './FieldSummary';
import { FunctionChips } from './FunctionChips';
import { LinksTable } from './LinksTable';
import { useColumnHighlight } from './use-column-highlight';

export function FieldDetails({ detail }: { detail: FieldDetail }) {
  const { activeColumn, chipProps } = useColumnHighlight();
  return (
    <Stack gap="lg">
      <FieldSummary detail={detail} />
      {detail.complete ? (
        <>
          <ExpressionView
            expression={detail.field.expression}
            columnPositions={detail.field.columnPositions}
            activeColumn={activeColumn}
          />
          <ColumnUsageTable
            columnPositions={detail.field.columnPositions}
            activeColumn={activeColumn}
            chipProps={chipProps}
          />
          <FunctionChips functions={detail.field.functions} />
        </>
      ) : (
        <Alert color="blue" icon={<IconInfoCircle />} title="Details are not available here">
          This instance does not offer field details, so this is what its search returns. The
          expression, its columns and functions, and the check sum are not shown.
        </Alert>
      )}
      <LinksTable links={detail.field.links} />
    </Stack>
  );
}
