import { Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FindingsAnswer, TrendPoint } from '../../contract/audit';
import { inAppLink } from '../../components/in-app-links';
import { fieldCount } from '../../components/plural';
import { fixLink } from '../../links/fix-link';
import { findingLink } from '../../links/finding-link';
import type { FixFirstRow } from './fix-first';
import { fixFirstRows, previousPoint } from './fix-first';
import { formatCount } from './format';
import { findingFixes, findingSectionId, groupsFix } from './group-fixes';
import { fixVerbs } from '../../links/group-fix';
import classes from './FixFirstList.module.css';

function Change({ change }: { change: FixFirstRow['change'] }) {
  if (change === undefined) return <span className={classes.none}>–</span>;
  if (change === 'not counted') return <span className={classes.none}>not counted then</span>;
  if (change === 0) return <span className={classes.none}>no change</span>;
  return (
    <span data-direction={change > 0 ? 'up' : 'down'} className={classes.change}>
      {change > 0 ? `${formatCount(change)} more` : `${formatCount(-change)} fewer`}
    </span>
  );
}

/**
 * The archived fields nothing uses, which Unused leaves out: a line of its own under
 * Unused, opening the clean-up that deletes them.
 */
function ArchivedUnused({ count }: { count: number }) {
  return (
    <a
      href={fixLink({ workflow: 'cleanup', deleteArchivedToo: true })}
      {...inAppLink}
      className={classes.secondary}
    >
      {formatCount(count)} archived and unused, can be deleted
    </a>
  );
}

function Row({
  row,
  rank,
  archivedUnused,
}: {
  row: FixFirstRow;
  rank: number;
  archivedUnused: number;
}) {
  const { finding } = row;
  // Remap, merge and hand-over act on one group (a column, a set of copies, an owner):
  // the finding's section below lists its groups, each with its fix. A fix of the whole
  // finding is offered here instead.
  const whole = findingFixes[finding.key];
  const byGroup = whole ? undefined : groupsFix(finding);
  return (
    <tr className={Table.classes.tr} data-with-row-border>
      <td className={`${Table.classes.td} ${classes.rank}`}>{rank}</td>
      <th scope="row" className={Table.classes.td}>
        {finding.title}
        {finding.key === 'unused' && archivedUnused > 0 && (
          <ArchivedUnused count={archivedUnused} />
        )}
      </th>
      <td className={`${Table.classes.td} ${classes.count}`} data-label="Fields">
        {formatCount(finding.count)}
      </td>
      <td className={`${Table.classes.td} ${classes.count}`} data-label="Since the previous scan">
        <Change change={row.change} />
      </td>
      <td className={Table.classes.td}>
        <a
          href={findingLink(finding.key)}
          {...inAppLink}
          className={classes.action}
          aria-label={`Open ${fieldCount(finding.count)}: ${finding.title}`}
        >
          Open in the table
        </a>
        {byGroup && (
          <a
            href={`#${findingSectionId(finding.key)}`}
            className={classes.action}
            aria-label={`${fixVerbs[byGroup]} by group: ${finding.title}`}
          >
            {fixVerbs[byGroup]} by group ↓
          </a>
        )}
        {whole && (
          <a href={fixLink(whole)} {...inAppLink} className={classes.action}>
            {fixVerbs[whole.workflow]}…
          </a>
        )}
      </td>
    </tr>
  );
}

/**
 * The findings worth fixing, most urgent first (fix-first.ts), each with its count, its
 * change since the scan before and the way to its fields. Findings with no field are
 * named once below, not given a row.
 */
export function FixFirstList({
  answer,
  points,
}: {
  answer: FindingsAnswer;
  points?: readonly TrendPoint[];
}) {
  const previous = points && previousPoint(points, answer.scanId);
  const rows = fixFirstRows(answer.findings, previous?.headline);
  const clear = answer.findings.filter((finding) => finding.count === 0);
  return (
    <Paper withBorder p="md" className={classes.box}>
      {rows.length === 0 ? (
        <Text size="sm">Nothing to fix: no finding has a field.</Text>
      ) : (
        <Table aria-label="Fix these first" verticalSpacing={6} className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.rank}>
                <VisuallyHidden>Rank</VisuallyHidden>
              </Table.Th>
              <Table.Th>Finding</Table.Th>
              <Table.Th className={classes.count}>Fields</Table.Th>
              <Table.Th className={classes.count}>
                {previous ? `Since scan #${previous.scanId}` : 'Since the previous scan'}
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Row
                key={row.finding.key}
                row={row}
                rank={index + 1}
                archivedUnused={answer.archivedUnused}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {clear.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          No field found: {clear.map((finding) => finding.title).join(', ')}.
        </Text>
      )}
      {!rows.some((row) => row.finding.key === 'unused') && answer.archivedUnused > 0 && (
        <Text size="sm" mt="xs">
          <ArchivedUnused count={answer.archivedUnused} />
        </Text>
      )}
    </Paper>
  );
}
