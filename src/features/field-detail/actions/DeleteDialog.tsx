import { Button, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFieldDependents } from '../../../api/calculated-fields/field-dependents';
import { ChangeSetDialog } from '../../../components/change-sets/ChangeSetDialog';
import { plural } from '../../../components/plural';
import type { CalculatedField } from '../../../contract/field';
import type { KeptPlan } from '../../../contract/journal';
import { CARD } from '../explanation/link-sources';
import { singleChange } from './single-change';
import { UserText } from '../../../components/UserText';
import { showHiddenCharacters } from '../../../contract/hidden-characters';

const isUsed = (plan: KeptPlan) => plan.items.some((item) => item.reason === 'used');

/**
 * Deletes a field, after saying what depends on it: cards through its active links
 * and fields that nest it. While anything does, the delete is refused unless the
 * person types the field's name; archiving is offered first.
 */
export function DeleteDialog({
  field,
  onClose,
  onArchive,
}: {
  field: CalculatedField;
  onClose: () => void;
  onArchive: () => void;
}) {
  const [typed, setTyped] = useState('');
  // The name as shown (a hidden character as its code point) is what a person can type.
  const allowUsed = typed === field.name || typed === showHiddenCharacters(field.name);
  const request = singleChange('delete', field, { delete: true }, allowUsed ? { allowUsed } : {});
  return (
    <ChangeSetDialog
      title={
        <>
          Delete <UserText text={field.name} />
        </>
      }
      onClose={onClose}
      request={request}
      confirmLabel="Delete"
      blockedBy={(plan) =>
        isUsed(plan) && !allowUsed
          ? 'Something uses this field: type its name to delete it anyway, or archive it.'
          : undefined
      }
      confirm={(plan) => (
        <Stack gap="xs">
          <Dependents field={field} />
          {!field.archived && (
            <Button variant="light" onClick={onArchive} w="fit-content">
              Archive it instead
            </Button>
          )}
          {(isUsed(plan) || allowUsed) && (
            <TextInput
              label={`Type the field's name to delete it although it is used`}
              description={<UserText text={field.name} />}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
            />
          )}
        </Stack>
      )}
    />
  );
}

function Dependents({ field }: { field: CalculatedField }) {
  const dependents = useFieldDependents(field.id);
  const cards = field.links.filter((link) => link.resource.type === CARD && link.active);
  const nesting = dependents.data?.supported ? dependents.data.page.results : [];
  return (
    <Stack gap={4} aria-label="What depends on this field">
      <Text size="sm">
        {`Used by ${plural(cards.length, 'card', 'cards')} through active links and nested in ${
          dependents.isPending ? '…' : plural(nesting.length, 'field', 'fields')
        }.`}
      </Text>
      {nesting.length > 0 && (
        <List size="sm">
          {nesting.map((item) => (
            <List.Item key={item.id}>
              <UserText text={item.name} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
