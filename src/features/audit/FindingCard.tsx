import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFindingGroups } from '../../api/audit/findings';
import type { FindingGroupSummary, FindingSummary } from '../../contract/audit';
import { ErrorState } from '../../components/ErrorState';
import { inAppLink } from '../../components/in-app-links';
import { fieldCount } from '../../components/plural';
import { fixLink } from '../../links/fix-link';
import { fixVerbs, groupFix } from '../../links/group-fix';
import { findingFixes, findingSectionId, groupsFix } from './group-fixes';
import { findingLink } from '../../links/finding-link';
import { CountLink } from './CountLink';
import { formatCount } from './format';
import classes from './tables.module.css';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import { UserText } from '../../components/UserText';

const GROUPS_PAGE = 25;

/** The fix of one group, where the finding offers one (links/fix-link.ts, groupFix). */
function GroupFix({ finding, group }: { finding: FindingSummary; group: FindingGroupSummary }) {
  const target = groupFix(finding.key, group.key);
  if (!target) return null;
  const verb = fixVerbs[target.workflow];
  return (
    <a
      href={fixLink(target)}
      {...inAppLink}
      className={Anchor.classes.root}
      data-underline="hover"
      aria-label={`${verb}: ${showHiddenCharacters(group.label)}`}
    >
      {verb}…
    </a>
  );
}

function GroupRows({
  finding,
  groups,
  withFixes,
}: {
  finding: FindingSummary;
  groups: FindingGroupSummary[];
  withFixes: boolean;
}) {
  // Plain rows and cells with the table's classes, as in ProblemsTable.
  return groups.map((group) => (
    <tr key={group.key} className={Table.classes.tr} data-with-row-border>
      <td className={Table.classes.td}>
        {group.where === undefined ? (
          <UserText text={group.label} />
        ) : (
          <>
            <code className={classes.expression}>{group.label}</code>
            <div className={classes.where}>{group.where}</div>
          </>
        )}
      </td>
      <td className={`${Table.classes.td} ${classes.count}`}>
        <CountLink
          to={findingLink(finding.key, group)}
          label={`${fieldCount(group.count)}: ${finding.title}, ${showHiddenCharacters(group.label)}${group.where ? `, ${group.where}` : ''}`}
        >
          {formatCount(group.count)}
        </CountLink>
      </td>
      {withFixes && (
        <td className={`${Table.classes.td} ${classes.fix}`}>
          <GroupFix finding={finding} group={group} />
        </td>
      )}
    </tr>
  ));
}

/** Every group of a finding, a page at a time, asked for only when opened. */
function AllGroups({ finding, withFixes }: { finding: FindingSummary; withFixes: boolean }) {
  const [offset, setOffset] = useState(0);
  const page = useFindingGroups(finding.key, offset, GROUPS_PAGE, true);
  if (page.isError)
    return (
      <ErrorState
        title="The groups could not be loaded"
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  const answer = page.data;
  return (
    <>
      {answer && <GroupRows finding={finding} groups={answer.groups} withFixes={withFixes} />}
      <Table.Tr>
        <Table.Td colSpan={withFixes ? 3 : 2}>
          <Group gap="xs" justify="flex-end">
            <Text size="xs" c="dimmed">
              {answer &&
                `${formatCount(offset + 1)}–${formatCount(offset + answer.groups.length)} of ${formatCount(answer.totalHits)}`}
            </Text>
            <Button
              size="compact-xs"
              variant="default"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - GROUPS_PAGE))}
            >
              Previous
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              disabled={!answer?.hasMore}
              onClick={() => setOffset(offset + GROUPS_PAGE)}
            >
              Next
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    </>
  );
}

/** One finding: its rule in words, its count opening exactly its fields, and its groups. */
export function FindingCard({ finding }: { finding: FindingSummary }) {
  const headingId = useId();
  const [allGroups, setAllGroups] = useState(false);
  const withFixes = groupsFix(finding) !== undefined;
  // A finding fixed as a whole, whose groups offer no fix of their own (Unused, which has
  // no groups), offers that fix here, as the ranked list above does.
  const whole = withFixes ? undefined : findingFixes[finding.key];
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={headingId}
      id={findingSectionId(finding.key)}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {finding.title}
          </Title>
          {finding.count > 0 ? (
            <Badge
              component={Link}
              to={findingLink(finding.key)}
              size="lg"
              color="red.8"
              variant="filled"
              style={{ cursor: 'pointer' }}
              aria-label={`${fieldCount(finding.count)}: ${finding.title}`}
            >
              {formatCount(finding.count)}
            </Badge>
          ) : (
            <Text size="sm" fw={600}>
              None
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {finding.rule}
        </Text>
        {whole && finding.count > 0 && (
          <Anchor
            component={Link}
            to={fixLink(whole)}
            size="sm"
            w="fit-content"
            aria-label={`${fixVerbs[whole.workflow]}: ${finding.title}`}
          >
            {fixVerbs[whole.workflow]}…
          </Anchor>
        )}
        {finding.groups.length > 0 && (
          <Table aria-label={`${finding.title} by group`} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group</Table.Th>
                <Table.Th className={classes.count}>Fields</Table.Th>
                {withFixes && (
                  <Table.Th>
                    <VisuallyHidden>Fix</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {allGroups ? (
                <AllGroups finding={finding} withFixes={withFixes} />
              ) : (
                <GroupRows finding={finding} groups={finding.groups} withFixes={withFixes} />
              )}
            </Table.Tbody>
          </Table>
        )}
        {!allGroups && finding.groupCount > finding.groups.length && (
          <Button size="compact-sm" variant="subtle" onClick={() => setAllGroups(true)}>
            All {formatCount(finding.groupCount)} groups
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
