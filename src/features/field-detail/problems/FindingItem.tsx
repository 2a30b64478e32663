import { Anchor, Badge, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCrosshair } from '../../../components/icons/icons';
import { lintRuleById, lintRuleTitle } from '../../../analysis/lint/lint-rules';
import type { LintFinding, LintSeverity } from '../../../analysis/lint/lint-rule';

const severityColors: Record<LintSeverity, string> = {
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

/** One lint finding: its rule, what it found, and on request why it matters and how to fix it. */
export function FindingItem({
  finding,
  onShow,
}: {
  finding: LintFinding;
  /** Undefined for a finding about the whole expression: there is no place to show. */
  onShow?: () => void;
}) {
  const rule = lintRuleById(finding.ruleId);
  const [open, { toggle }] = useDisclosure(false);
  const detailsId = `finding-${finding.ruleId}-${finding.start}`;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={severityColors[finding.severity]} variant="light" tt="none" miw={70}>
          {finding.severity}
        </Badge>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {lintRuleTitle(finding.ruleId)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {finding.message}
          </Text>
          <Group gap="md">
            {onShow && (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconCrosshair size={12} />}
                onClick={onShow}
              >
                Show in the expression
              </Button>
            )}
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={toggle}
              aria-expanded={open}
              aria-controls={detailsId}
            >
              {open ? 'Hide why and how to fix' : 'Why and how to fix'}
            </Anchor>
          </Group>
        </Stack>
      </Group>
      <Collapse expanded={open} id={detailsId}>
        <Stack gap={4} pl={80} pb="xs">
          <Text size="sm">
            <strong>Why it matters:</strong> {rule?.why}
          </Text>
          <Text size="sm">
            <strong>How to fix it:</strong> {rule?.fix}
          </Text>
          <Text size="xs" c="dimmed">
            Rule <code>{finding.ruleId}</code>
          </Text>
        </Stack>
      </Collapse>
    </Stack>
  );
}
