import { Alert, Button, Text } from '@mantine/core';
import { IconListSearch } from '../../../components/icons/icons';
import { Link } from 'react-router-dom';
import { findingTitles } from '../../../contract/finding-kinds';
import type { FindingScope } from '../../../contract/finding-kinds';

/**
 * Says that the table lists one audit finding's fields (from the latest scan), with
 * the way back to the audit and the way out to every field.
 */
export function FindingScopeNotice({
  finding,
  groupLabel,
  onShowAll,
}: {
  finding: FindingScope;
  groupLabel: string | undefined;
  onShowAll: () => void;
}) {
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconListSearch />}
      title={`Audit finding: ${findingTitles[finding.key]}`}
      role="region"
      aria-label="Audit finding"
    >
      <Text size="sm">
        Only the fields this finding lists in the latest scan
        {finding.group !== undefined && (
          <>
            , in the group <strong>{groupLabel}</strong>
          </>
        )}
        . Search, filters, sort, lock and export apply to them.
      </Text>
      <Button.Group mt="xs">
        <Button size="compact-sm" variant="default" component={Link} to="/audit">
          Back to the audit
        </Button>
        <Button size="compact-sm" variant="default" onClick={onShowAll}>
          Show every field
        </Button>
      </Button.Group>
    </Alert>
  );
}
