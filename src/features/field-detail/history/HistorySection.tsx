import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useMayActOnChangeSet } from '../../../components/change-sets/use-can-write';
import { useFieldHistory } from '../../../api/journal/field-history';
import { kindWords } from '../../../components/change-sets/change-words';
import { describeChange } from '../../../components/change-sets/changed-properties';
import { useOwnerWords } from '../../../components/change-sets/use-owner-words';
import { UndoChangeSet } from '../../../components/change-sets/UndoChangeSet';
import { UndoneBy } from '../../../components/change-sets/UndoneBy';
import { ChangeSetLink } from '../../../components/change-sets/ChangeSetLink';
import { DateTime } from '../../../components/DateTime';
import { ErrorState } from '../../../components/ErrorState';
import type { FieldHistory } from '../../../contract/journal';
import { undoLeavesOut, undoRefusal } from '../../../contract/undo-rule';
import type { CalculatedField } from '../../../contract/field';
import { UserText } from '../../../components/UserText';

// The diff is drawn by the code editor, which loads only when a diff is opened.
const DiffView = lazy(() => import('../editor/DiffView').then((m) => ({ default: m.DiffView })));

type Version = FieldHistory['versions'][number];

/**
 * Every recorded version of the field, newest first: who changed what, the diff, and
 * undo, told by the field as it is now (`field`) what an undo would refuse or leave out.
 */
export function HistorySection({ field }: { field: CalculatedField }) {
  const history = useFieldHistory(field.id);
  return (
    <section aria-labelledby="history-heading">
      <Title order={3} size="h4" id="history-heading" mb="xs">
        History
      </Title>
      {history.isPending ? (
        <Skeleton height={40} role="status" aria-label="Loading the history" />
      ) : history.isError ? (
        <ErrorState
          title="The history could not be loaded"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.versions.length === 0 ? (
        <Text size="sm">No change to this field has been made here yet.</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Recorded versions">
          {[...history.data.versions].reverse().map((version) => (
            <VersionItem key={`${version.changeSetId}`} version={version} now={field} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function VersionItem({ version, now }: { version: Version; now: CalculatedField }) {
  const mayUndo = useMayActOnChangeSet(version.kind);
  const [diffShown, setDiffShown] = useState(false);
  const { before, after } = version;
  const ownerWords = useOwnerWords(before, after);
  // The undo rule seen from this field: said before anyone asks for the undo's dry run.
  const set = {
    id: version.changeSetId,
    state: version.state,
    undoneBy: version.undoneBy?.changeSetId ?? null,
  };
  const field = { now, after, appliedFields: version.appliedFields };
  const expressionChanged = before && after && before.expression !== after.expression;
  return (
    <Paper withBorder p="xs" role="listitem">
      <Stack gap={4}>
        <Text size="sm">
          <Text span fw={600}>
            {kindWords[version.kind]}
          </Text>{' '}
          by <UserText text={version.person} />, <DateTime epochMs={version.at} withTime />,{' '}
          <ChangeSetLink set={version} />
        </Text>
        <Text size="sm" c="dimmed">
          {describeChange(before, after, ownerWords).join('; ')}
        </Text>
        {expressionChanged && (
          <>
            <Button
              size="compact-xs"
              variant="subtle"
              w="fit-content"
              aria-expanded={diffShown}
              onClick={() => setDiffShown((shown) => !shown)}
            >
              {diffShown ? 'Hide the change' : 'Show the change'}
            </Button>
            {diffShown && (
              <Suspense fallback={<Skeleton height={60} />}>
                <DiffView
                  left={before.expression}
                  right={after.expression}
                  leftLabel="Before"
                  rightLabel="After"
                />
              </Suspense>
            )}
          </>
        )}
        {mayUndo ? (
          <UndoChangeSet
            id={version.changeSetId}
            undoneBy={version.undoneBy}
            refusal={undoRefusal(set, field)}
            leavesOut={undoLeavesOut(set, field)}
            applied={version.appliedFields}
          />
        ) : (
          version.undoneBy && <UndoneBy undo={version.undoneBy} />
        )}
      </Stack>
    </Paper>
  );
}
