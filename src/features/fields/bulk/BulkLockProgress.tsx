import {
  Button,
  Group,
  List,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import type { BulkRunSnapshot } from './bulk-run';
import { useLockProgress } from './use-bulk-lock';
import type { LockProgress } from './use-bulk-lock';
import { failureMessage } from './failure-message';
import type { SelectedField } from '../selection/field-selection';
import { fieldCount } from '../../../components/plural';
import { lockWords } from './lock-words';
import { UserText } from '../../../components/UserText';

type Snapshot = BulkRunSnapshot<SelectedField>;

function settledShare(snapshot: Snapshot) {
  if (snapshot.total === 0) return 100;
  return Math.round(((snapshot.total - snapshot.remaining) / snapshot.total) * 100);
}

/** The outcome in one sentence, for the end of a pass. */
function summary(snapshot: Snapshot, locked: boolean): string {
  const { done } = lockWords(locked);
  const parts = [`${fieldCount(snapshot.succeeded)} ${done}`];
  if (snapshot.failures.length > 0)
    parts.push(`${snapshot.failures.length.toLocaleString()} failed`);
  if (snapshot.cancelled) {
    parts.push(`${snapshot.remaining.toLocaleString()} not sent`);
    return `Cancelled: ${parts.join(', ')}.`;
  }
  return `${parts.join(', ')}.`;
}

/**
 * The run's status line, also read out: the summary at the end, and while running it
 * changes only every tenth of the way or on a new failure, so a long run does not
 * flood screen readers.
 */
function announcement(snapshot: Snapshot, locked: boolean): string {
  if (snapshot.status === 'finished') return summary(snapshot, locked);
  const tenths = Math.floor(settledShare(snapshot) / 10) * 10;
  const failed = snapshot.failures.length > 0 ? `, ${snapshot.failures.length} failed` : '';
  const stopping = snapshot.status === 'stopping' ? 'Stopping after the requests in flight. ' : '';
  return `${stopping}${lockWords(locked).doing}: ${tenths}% done${failed}.`;
}

/**
 * One bar for screen readers; done and failed shown apart, in their colours. It
 * neither moves stripes nor eases its width to each new count: both repaint the page
 * frame after frame, which in a bulk lock took the browser's time from sending
 * (docs/web-app.md).
 */
function RunProgress({ snapshot, label }: { snapshot: Snapshot; label: string }) {
  const share = (count: number) => (snapshot.total === 0 ? 0 : (count / snapshot.total) * 100);
  const settled = settledShare(snapshot);
  return (
    <Progress.Root
      size="lg"
      transitionDuration={0}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={settled}
      aria-valuetext={`${settled}% done`}
    >
      <Progress.Section value={share(snapshot.succeeded)} withAria={false} />
      <Progress.Section value={share(snapshot.failures.length)} color="red" withAria={false} />
    </Progress.Root>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value.toLocaleString()}
      </Text>
    </div>
  );
}

function FailureList({ snapshot }: { snapshot: Snapshot }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb={4}>
        Failed ({snapshot.failures.length.toLocaleString()})
      </Title>
      <ScrollArea.Autosize mah={180} type="auto" tabIndex={0} aria-labelledby={headingId}>
        <List size="sm" spacing={4} pr="sm">
          {snapshot.failures.map(({ item, error }) => (
            <List.Item key={item.id}>
              <Text span size="sm" fw={600}>
                <UserText text={item.name} />
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                (id {item.id})
              </Text>
              : {failureMessage(error)}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </section>
  );
}

/** Counts while a bulk lock runs, the failures with their reasons, retry and cancel. */
export function BulkLockProgress({
  progress,
  locked,
  onCancel,
  onRetryFailed,
  onClose,
}: {
  progress: LockProgress;
  locked: boolean;
  onCancel: () => void;
  onRetryFailed: () => void;
  onClose: () => void;
}) {
  const snapshot = useLockProgress(progress);
  const words = lockWords(locked);
  const finished = snapshot.status === 'finished';
  return (
    <Stack>
      <RunProgress snapshot={snapshot} label={`${words.doing} progress`} />
      <SimpleGrid cols={3}>
        <Count label="Done" value={snapshot.succeeded} />
        <Count label="Failed" value={snapshot.failures.length} />
        <Count label={snapshot.cancelled ? 'Not sent' : 'Remaining'} value={snapshot.remaining} />
      </SimpleGrid>
      <Text fw={500} role="status">
        {announcement(snapshot, locked)}
      </Text>
      {snapshot.failures.length > 0 && <FailureList snapshot={snapshot} />}
      <Group justify="flex-end">
        {finished ? (
          <>
            {snapshot.failures.length > 0 && (
              <Button variant="default" onClick={onRetryFailed}>
                Retry failed ({snapshot.failures.length.toLocaleString()})
              </Button>
            )}
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          </>
        ) : (
          // Looks disabled while stopping but keeps the focus a disabled button would drop.
          <Button
            variant="default"
            onClick={onCancel}
            data-disabled={snapshot.status === 'stopping' || undefined}
            aria-disabled={snapshot.status === 'stopping'}
            autoFocus
          >
            {snapshot.status === 'stopping' ? 'Stopping…' : 'Cancel'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
