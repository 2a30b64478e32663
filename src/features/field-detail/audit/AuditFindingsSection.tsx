import { Anchor, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldFinding, FieldFindingsAnswer } from '../../../contract/audit';
import { FindingCause } from './FindingCause';
import { FindingFixes } from './FindingFixes';
import { UserText } from '../../../components/UserText';

/** What the drawer knows of the audit's findings for the field it shows. */
export interface AuditFindingsState {
  /** undefined while loading; null before any scan has completed. */
  answer: FieldFindingsAnswer | null | undefined;
  error: Error | null;
  pending: boolean;
  retry: () => void;
}

/**
 * Every finding the audit's latest view has for this field, each with the rule it
 * applies (in the audit's own words) and its cause traced to the field that causes
 * it. The rest of the drawer does not wait for it, nor fail with it.
 */
export function AuditFindingsSection({ audit }: { audit: AuditFindingsState }) {
  return (
    <section aria-labelledby="audit-findings-heading">
      <Title order={3} size="h4" id="audit-findings-heading" mb="xs">
        In the latest scan
      </Title>
      <AuditFindingsBody audit={audit} />
    </section>
  );
}

function AuditFindingsBody({ audit }: { audit: AuditFindingsState }): ReactNode {
  const { answer } = audit;
  if (audit.error && answer === undefined) {
    return (
      <Text size="sm" c="dimmed">
        The audit's findings are not available right now; the rest of this page is.{' '}
        <Anchor component="button" type="button" size="sm" onClick={audit.retry}>
          Ask again
        </Anchor>
      </Text>
    );
  }
  if (answer === undefined) {
    return (
      <Skeleton height={20} width="60%" role="status" aria-label="Loading the audit's findings" />
    );
  }
  if (answer === null) {
    return <Text size="sm">The audit has not finished a scan of the instance yet.</Text>;
  }
  if (!answer.seen) {
    return <Text size="sm">The latest scan does not include this field yet.</Text>;
  }
  if (answer.findings.length === 0) {
    return <Text size="sm">The latest scan finds nothing to report for this field.</Text>;
  }
  return (
    <List spacing="sm" size="sm" listStyleType="none" aria-label="The audit's findings">
      {answer.findings.map((finding) => (
        <List.Item key={finding.key}>
          <FindingEntry finding={finding} fieldId={answer.fieldId} />
        </List.Item>
      ))}
    </List>
  );
}

function FindingEntry({ finding, fieldId }: { finding: FieldFinding; fieldId: number }) {
  // Groups say more only where neither a note nor a cause does (an owner, a duplicate's group).
  const groups =
    finding.cause === undefined && finding.note === undefined
      ? finding.groups.map((group) => group.label)
      : [];
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {finding.title}
        </Text>
      </Group>
      {finding.cause ? (
        <FindingCause cause={finding.cause} />
      ) : (
        finding.note !== undefined && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <UserText text={finding.note} />
          </Text>
        )
      )}
      {groups.length > 0 && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {groups.join('; ')}
        </Text>
      )}
      <FindingFixes finding={finding} fieldId={fieldId} />
      <Text size="xs" c="dimmed">
        Rule: {finding.rule}
      </Text>
    </Stack>
  );
}
