import { Badge, Button, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PreviewItem, WorkflowPreview } from '../../contract/workflows';
import { ExpressionDiff } from './ExpressionDiff';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import { UserText } from '../../components/UserText';
import { formatCount } from '../../components/plural';
import { asSentence } from '../../api/api-error';

/** Items shown at first; thousands are shown a page at a time. */
const PAGE = 50;

/** A change: which field (duplicates often share their name, so by id too), its diff and problems. */
function ItemBody(props: { item: PreviewItem; included: boolean; onToggle: () => void }) {
  const { item } = props;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Checkbox
          label={
            <Text fw={600}>
              <UserText text={item.name} />
            </Text>
          }
          description={`field ${item.id}`}
          aria-label={`Include ${showHiddenCharacters(item.name)}`}
          checked={props.included}
          onChange={props.onToggle}
        />
        {item.status === 'INVALID' && (
          <Badge color="red" variant="light">
            {item.wasInvalid ? 'stays INVALID' : 'becomes INVALID'}
          </Badge>
        )}
        {item.archived && (
          <Badge color="gray" variant="light">
            archived already
          </Badge>
        )}
        {item.to && <Text size="sm">to {item.to}</Text>}
        {item.rule && (
          <Text size="sm" c="dimmed">
            ({item.rule})
          </Text>
        )}
        {item.place && (
          <Text size="sm" c="dimmed">
            on {item.place}
          </Text>
        )}
      </Group>
      {item.newName !== undefined && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Renamed to <UserText text={item.newName} />
        </Text>
      )}
      {item.before !== undefined && item.after !== undefined && (
        <ExpressionDiff
          before={item.before}
          after={item.after}
          removed={item.removed ?? []}
          added={item.added ?? []}
        />
      )}
      {item.problems && item.problems.length > 0 && (
        <List size="sm" aria-label={`Problems of ${showHiddenCharacters(item.name)}`}>
          {item.problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Thousands of items are shown a page at a time. */
function ShowMore({ left, onClick }: { left: number; onClick: () => void }) {
  if (left <= 0) return null;
  return (
    <Button variant="subtle" w="fit-content" onClick={onClick}>
      Show {Math.min(PAGE, left)} more of {left}
    </Button>
  );
}

/**
 * A preview's changes (with diffs and what becomes INVALID) and what is skipped,
 * with reasons; each change can be left out.
 */
export interface PreviewItemsProps {
  preview: WorkflowPreview;
  excluded: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

export function PreviewItems({ preview, excluded, onToggle }: PreviewItemsProps) {
  const [shown, setShown] = useState(PAGE);
  const [skippedShown, setSkippedShown] = useState(PAGE);
  const changes = preview.items.filter((item) => item.action === 'change');
  const skipped = preview.items.filter((item) => item.action === 'skip');
  const { counts } = preview;
  const archived = changes.filter((item) => item.archived).length;
  return (
    <Stack gap="sm">
      <Text role="status">
        {asSentence(preview.summary)} {formatCount(counts.change)} to change
        {counts.invalid > 0 ? `, ${formatCount(counts.invalid)} of them INVALID after` : ''}
        {archived > 0 ? `, ${formatCount(archived)} of them archived already` : ''},{' '}
        {formatCount(counts.skip)} skipped.
      </Text>
      {skipped.length > 0 && (
        <section aria-labelledby="skipped-title">
          <Title order={2} size="h4" id="skipped-title">
            Skipped
          </Title>
          <List size="sm">
            {skipped.slice(0, skippedShown).map((item) => (
              <List.Item key={item.id}>
                <UserText text={item.name} /> (field {item.id}
                {item.archived && ', archived already'}): {item.reason}
              </List.Item>
            ))}
          </List>
          <ShowMore
            left={skipped.length - skippedShown}
            onClick={() => setSkippedShown(skippedShown + PAGE)}
          />
        </section>
      )}
      <section aria-labelledby="changes-title">
        <Title order={2} size="h4" id="changes-title">
          Changes
        </Title>
        {changes.length === 0 && <Text size="sm">None: no field would change.</Text>}
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0 }}>
          {changes.slice(0, shown).map((item) => (
            <li key={item.id}>
              <ItemBody
                item={item}
                included={!excluded.has(item.id)}
                onToggle={() => onToggle(item.id)}
              />
            </li>
          ))}
        </Stack>
        <ShowMore left={changes.length - shown} onClick={() => setShown(shown + PAGE)} />
      </section>
    </Stack>
  );
}
