import { Alert, Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { KNOWN_FUNCTIONS } from '../../../analysis/lint/known-functions';
import { searchFields } from '../../../api/calculated-fields/search-fields';
import { ChangeSetDialog } from '../../../components/change-sets/ChangeSetDialog';
import type { CalculatedField } from '../../../contract/field';
import type { KeptPlan } from '../../../contract/journal';
import { useFieldNames } from '../explanation/use-field-explanation';
import { singleChange } from '../actions/single-change';
import { DiffView } from './DiffView';
import type { CompletionSources } from './expression-completion';
import { ExpressionEditor } from './ExpressionEditor';
import { showHiddenCharacters } from '../../../contract/hidden-characters';
import { UserText } from '../../../components/UserText';

const functions = [...KNOWN_FUNCTIONS].sort();
const itemOf = (plan: KeptPlan) => plan.items[0];

/**
 * Edits a field's expression: the editor, then the change side by side with the dry
 * run's verdict. An INVALID result is saved only when the person ticks so; a field
 * changed since the editor opened shows both versions and is never overwritten.
 */
export default function EditExpressionDialog({
  field,
  onClose,
}: {
  field: CalculatedField;
  onClose: () => void;
}) {
  // The version the editor opened with: the save is based on it, whatever the drawer reads later.
  const [opened] = useState(field);
  const [draft, setDraft] = useState(field.expression);
  const [allowInvalid, setAllowInvalid] = useState(false);
  const { checked } = useFieldNames(field);
  const completion: CompletionSources = {
    columns: [...new Set(checked.flatMap((source) => [...(source.columns ?? [])]))].sort(),
    functions,
    findFields: async (word, signal) => {
      const page = await searchFields(
        { filters: [], sort: { field: 'name', ascending: true }, limit: 20, name: word },
        signal,
      );
      return page.results.filter((item) => item.id !== opened.id);
    },
  };
  const request =
    draft === opened.expression
      ? undefined
      : singleChange(
          'edit',
          opened,
          { update: { expression: draft } },
          allowInvalid ? { allowInvalid } : {},
        );

  return (
    <ChangeSetDialog
      title={
        <>
          Edit the expression of <UserText text={opened.name} />
        </>
      }
      size="xl"
      onClose={onClose}
      request={request}
      confirmLabel="Save"
      form={
        <ExpressionEditor
          initial={draft}
          onChange={setDraft}
          completion={completion}
          label={`Expression of ${showHiddenCharacters(opened.name)}`}
        />
      }
      blockedBy={(plan) => {
        const reason = itemOf(plan)?.reason;
        if (reason === 'changed-since')
          return 'Nothing was saved: the field changed since you opened it.';
        if (reason === 'invalid' && !allowInvalid)
          return 'The expression is INVALID: fix it, or tick "Save although INVALID".';
        return undefined;
      }}
      confirm={(plan) => {
        const item = itemOf(plan);
        if (item?.reason === 'changed-since') {
          return (
            <Stack gap="xs">
              <Alert color="orange" title="Someone changed this field since you opened it">
                Both versions are below; yours is not saved. Copy what you need and edit the field
                again.
              </Alert>
              <DiffView
                left={item.before?.expression ?? ''}
                right={draft}
                leftLabel="Theirs (saved now)"
                rightLabel="Yours (not saved)"
              />
            </Stack>
          );
        }
        const invalid = item?.reason === 'invalid' || item?.after?.status === 'INVALID';
        return (
          <Stack gap="xs">
            <DiffView
              left={opened.expression}
              right={draft}
              leftLabel="Before"
              rightLabel="After"
            />
            {invalid && (
              <Checkbox
                color="red"
                label="Save although INVALID"
                checked={allowInvalid}
                onChange={(event) => setAllowInvalid(event.currentTarget.checked)}
              />
            )}
          </Stack>
        );
      }}
    />
  );
}
