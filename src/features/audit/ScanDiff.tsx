import {
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDownload } from '../../components/icons/icons';
import { Fragment, useId, useState } from 'react';
import { exportDiff, useDiff, useDiffChanges } from '../../api/audit/scans';
import { downloadFile } from '../../components/download-file';
import { fieldAddress } from '../../links/field-address';
import { inAppLink } from '../../components/in-app-links';
import { ErrorState } from '../../components/ErrorState';
import { fieldCount } from '../../components/plural';
import type { ChangeKind, FieldChange, Scan } from '../../contract/audit';
import { changeKinds } from '../../contract/audit';
import { ChangeAuthors } from './ChangeAuthors';
import { ExpressionSideBySide } from './ExpressionSideBySide';
import { formatCount } from './format';
import { useDeferredBuild } from './use-deferred-build';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import { UserText } from '../../components/UserText';

const CHANGES_PAGE = 25;
/** The scan pickers and the count line: what the section holds before its changes arrive. */
const DIFF_PLACEHOLDER_HEIGHT = 120;

const kindLabels: Record<ChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  'became-invalid': 'Became invalid',
  fixed: 'Fixed',
  locked: 'Locked',
  unlocked: 'Unlocked',
  expression: 'Expression changed',
  owner: 'Owner changed',
  renamed: 'Renamed',
  other: 'Other changes',
};

const scanTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Short enough for the picker to show whole, on a phone too: the id and when it finished. */
const scanLabel = (scan: Scan) => `#${scan.id} · ${scanTime.format(scan.finished ?? scan.started)}`;

/** Wide enough for a whole label; the whole width on a phone. */
const pickerWidth = { base: '100%', xs: 340 };

function ChangeRow({ change }: { change: FieldChange }) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <UnstyledButton
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the changes of ${showHiddenCharacters(change.name)}`}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </UnstyledButton>
        </Table.Td>
        <Table.Td>{change.id}</Table.Td>
        <Table.Td>
          {change.after ? (
            // The field as it is now, in its drawer; a removed field has none to open.
            <a
              href={fieldAddress(change.id)}
              {...inAppLink}
              className={Anchor.classes.root}
              data-underline="hover"
            >
              <UserText text={change.name} />
            </a>
          ) : (
            <UserText text={change.name} />
          )}
        </Table.Td>
        <Table.Td>
          <Group gap={4}>
            {change.kinds.map((kind) => (
              <Badge key={kind} size="sm" variant="default">
                {kindLabels[kind]}
              </Badge>
            ))}
          </Group>
          <ChangeAuthors authors={change.changedBy} />
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            <ExpressionSideBySide change={change} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

function Changes({ from, to, kind }: { from: number; to: number; kind: ChangeKind | undefined }) {
  const [offset, setOffset] = useState(0);
  const page = useDiffChanges(from, to, kind, offset, CHANGES_PAGE);
  if (page.isError) {
    return (
      <ErrorState
        title="The changes could not be loaded"
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  }
  const answer = page.data;
  if (!answer) return <Text size="sm">Loading the changes…</Text>;
  if (answer.totalHits === 0) return <Text size="sm">No field changed between these scans.</Text>;
  return (
    <Stack gap="xs">
      <Table aria-label="Changed fields" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
            <Table.Th>Id</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>What changed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.changes.map((change) => (
            <ChangeRow key={change.id} change={change} />
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="xs" justify="flex-end">
        <Text size="xs" c="dimmed">
          {formatCount(offset + 1)}–{formatCount(offset + answer.changes.length)} of{' '}
          {formatCount(answer.totalHits)}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - CHANGES_PAGE))}
        >
          Previous
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          disabled={!answer.hasMore}
          onClick={() => setOffset(offset + CHANGES_PAGE)}
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
}

function ExportButtons({ from, to }: { from: number; to: number }) {
  const [failure, setFailure] = useState<{ error: Error; format: 'csv' | 'json' }>();
  const [busy, setBusy] = useState<'csv' | 'json'>();
  const save = async (format: 'csv' | 'json') => {
    setBusy(format);
    setFailure(undefined);
    try {
      const content = await exportDiff(from, to, format);
      downloadFile({
        name: `audit-diff-${from}-${to}.${format}`,
        type: format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json',
        content,
      });
    } catch (error) {
      setFailure({
        error: error instanceof Error ? error : new Error('The export failed.'),
        format,
      });
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {(['csv', 'json'] as const).map((format) => (
          <Button
            key={format}
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={busy === format}
            onClick={() => void save(format)}
          >
            Export {format.toUpperCase()}
          </Button>
        ))}
      </Group>
      {failure && (
        <ErrorState
          title="The export failed"
          error={failure.error}
          onRetry={() => void save(failure.format)}
        />
      )}
    </Stack>
  );
}

/** The two scans to compare, counts by kind, the changed fields and an export. */
function DiffOfScans({ scans }: { scans: Scan[] }) {
  const complete = scans.filter((scan) => scan.state === 'complete');
  const [chosen, setChosen] = useState<{ from?: number; to?: number }>({});
  const [kind, setKind] = useState<ChangeKind>();
  const to = chosen.to ?? complete[0]?.id;
  const from = chosen.from ?? complete[1]?.id;
  const diff = useDiff(from, to);
  const options = complete.map((scan) => ({ value: String(scan.id), label: scanLabel(scan) }));
  if (complete.length < 2)
    return <Text size="sm">Changes appear once there are two complete scans.</Text>;
  return (
    <>
      <Group gap="sm" align="flex-end">
        <Select
          label="From scan"
          data={options}
          value={from === undefined ? null : String(from)}
          onChange={(value) => value && setChosen({ from: Number(value), to })}
          allowDeselect={false}
          w={pickerWidth}
        />
        <Select
          label="To scan"
          data={options}
          value={to === undefined ? null : String(to)}
          onChange={(value) => value && setChosen({ from, to: Number(value) })}
          allowDeselect={false}
          w={pickerWidth}
        />
        {from !== undefined && to !== undefined && <ExportButtons from={from} to={to} />}
      </Group>
      {diff.isPending && <Text size="sm">Comparing the scans…</Text>}
      {diff.isError && (
        <ErrorState
          title="The diff could not be computed"
          error={diff.error}
          onRetry={() => void diff.refetch()}
        />
      )}
      {diff.data && (
        <>
          <Text size="sm">{fieldCount(diff.data.counts.changed)} changed.</Text>
          <Chip.Group
            value={kind ?? 'all'}
            onChange={(value) => setKind(value === 'all' ? undefined : (value as ChangeKind))}
          >
            <Group gap="xs" role="radiogroup" aria-label="Show changes of kind">
              <Chip value="all" size="xs">
                All {formatCount(diff.data.counts.changed)}
              </Chip>
              {changeKinds
                .filter((entry) => diff.data.counts[entry] > 0)
                .map((entry) => (
                  <Chip key={entry} value={entry} size="xs">
                    {kindLabels[entry]} {formatCount(diff.data.counts[entry])}
                  </Chip>
                ))}
            </Group>
          </Chip.Group>
          <Changes key={`${from}-${to}-${kind}`} from={from!} to={to!} kind={kind} />
        </>
      )}
    </>
  );
}

/**
 * What changed between two complete scans. The last section of the page: it is
 * built, and asks for the diff, when the reader scrolls near it or the browser is
 * idle, so the charts above do not wait for it.
 */
export function ScanDiff({ scans }: { scans: Scan[] }) {
  const headingId = useId();
  const { ref, ready } = useDeferredBuild<HTMLDivElement>();
  return (
    <Paper ref={ref} withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          What changed between two scans
        </Title>
        {ready ? <DiffOfScans scans={scans} /> : <Skeleton height={DIFF_PLACEHOLDER_HEIGHT} />}
      </Stack>
    </Paper>
  );
}
