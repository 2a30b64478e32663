import { List, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMergeGroup } from '../../api/workflows/preview-workflow';
import { plural } from '../../components/plural';
import type { MergeGroup, MergeRequest, WorkflowPreview } from '../../contract/workflows';
import { nameWithId, sharedNames } from '../../components/shared-names';
import { ErrorState } from '../../components/ErrorState';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import { UserText } from '../../components/UserText';

/**
 * Cards cannot be repointed through the API: each card that uses a field that goes (or
 * whose delete waits for the card), by name; the server lists only those (merge-plan.ts).
 */
function CardsToMove({ preview, group }: { preview: WorkflowPreview; group: MergeGroup }) {
  const cards = preview.cards ?? [];
  if (cards.length === 0) return null;
  const shared = sharedNames(group.fields);
  const nameOf = (id: number) => {
    const field = group.fields.find((candidate) => candidate.id === id);
    return field === undefined ? `${id}` : showHiddenCharacters(nameWithId(field, shared));
  };
  return (
    <section aria-labelledby="cards-to-move-title">
      <Title order={2} size="h4" id="cards-to-move-title">
        Cards to move by hand
      </Title>
      <Text size="sm">
        These cards use a field that goes, or whose delete waits for them; point them at the kept
        one.
      </Text>
      <List size="sm">
        {cards.map((card) => (
          <List.Item key={card.id}>
            <UserText text={card.title} />: uses {card.fieldIds.map(nameOf).join(', ')}
          </List.Item>
        ))}
      </List>
    </section>
  );
}

/**
 * Merges a duplicate group of the audit into one field: any of the group can be
 * kept, the one with most active links is suggested and chosen at first.
 */
export function MergePanel({ group }: { group: NonNullable<MergeRequest['group']> }) {
  const fields = useMergeGroup({ group });
  const [keep, setKeep] = useState<string>();
  const [others, setOthers] = useState<'archive' | 'delete'>('archive');
  if (fields.isPending)
    return <Loader size="sm" role="status" aria-label="Reading the group's fields" />;
  if (fields.isError) {
    return (
      <ErrorState
        title="The group's fields could not be read"
        error={fields.error}
        onRetry={() => void fields.refetch()}
      />
    );
  }
  const choice = fields.data;
  const kept = keep ?? String(choice.suggested);
  const shared = sharedNames(choice.fields);
  const form = (
    <Stack gap="xs">
      <Radio.Group label="Keep" value={kept} onChange={setKeep}>
        <Stack gap={4} mt={4}>
          {choice.fields.map((field) => (
            <Radio
              key={field.id}
              value={String(field.id)}
              label={`${showHiddenCharacters(field.name)} (${plural(field.activeLinks, 'active link', 'active links')}${field.id === choice.suggested ? ', suggested' : ''})`}
              description={shared.has(field.name) ? `field ${field.id}` : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group
        label="The others"
        value={others}
        onChange={(value) => setOthers(value as 'archive' | 'delete')}
      >
        <Stack gap={4} mt={4}>
          <Radio value="archive" label="Archive them" />
          <Radio value="delete" label="Delete them once nothing uses them" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
  return (
    <WorkflowPreviewPanel
      form={form}
      request={{ workflow: 'merge', body: { group, others, keep: Number(kept) } }}
      extra={(preview) => <CardsToMove preview={preview} group={choice} />}
    />
  );
}
