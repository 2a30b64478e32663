import { Stack, Text } from '@mantine/core';
import type { HiddenNamesRequest } from '../../contract/workflows';
import { plural } from '../../components/plural';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';

/** Which fields: chosen ones, one group of the finding, or all of it. */
function scopeOf(props: { group?: string; ids?: readonly number[] }): {
  body: HiddenNamesRequest;
  words: string;
} {
  if (props.ids) {
    return {
      body: { fieldIds: [...props.ids] },
      words: `In the ${plural(props.ids.length, 'chosen field', 'chosen fields')}.`,
    };
  }
  if (props.group !== undefined) {
    return {
      body: { group: { finding: 'hidden-name-characters', key: props.group } },
      words: `In the finding's group ${props.group}.`,
    };
  }
  return { body: {}, words: 'In every field of the finding.' };
}

/**
 * A dry run, then renaming each name of "Hidden characters in names" to what it reads
 * as; the finding's rule shown first.
 */
export function HiddenNamesPanel(props: { rule: string; group?: string; ids?: readonly number[] }) {
  const scope = scopeOf(props);
  const form = (
    <Stack gap="xs">
      <Text size="sm">Hidden characters in names: {props.rule}</Text>
      <Text size="sm">
        {scope.words} Each name becomes what it reads as, its hidden characters left out. A locked
        field, a name that would be empty and one that would read as another field's name are
        skipped.
      </Text>
    </Stack>
  );
  return (
    <WorkflowPreviewPanel form={form} request={{ workflow: 'hiddenNames', body: scope.body }} />
  );
}
