import { Alert, Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import type { WorkflowRequest } from '../../api/workflows/preview-workflow';
import type { ChangeSetDetail } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';
import { usePreviewWorkflow } from '../../api/workflows/preview-workflow';
import { ApplyChangeSet } from './ApplyChangeSet';
import { PreviewItems } from './PreviewItems';

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : 'The preview could not be made.';

/**
 * A workflow's form, then its preview from the server, then one change set: the
 * steps every workflow shares. `request` is undefined while the form is incomplete.
 */
export function WorkflowPreviewPanel(props: {
  form: ReactNode;
  request: WorkflowRequest | undefined;
  /** Beside the preview: the hand-over's CSV export. */
  extra?: (preview: WorkflowPreview) => ReactNode;
  /** The preview's items, when a workflow shows them its own way (the hand-over's table). */
  items?: typeof PreviewItems;
  /** Once the change set has ended: what the fields read back say of it. */
  verified?: (detail: ChangeSetDetail) => ReactNode;
}) {
  const Items = props.items ?? PreviewItems;
  const preview = usePreviewWorkflow();
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const { request } = props;
  const toggle = (id: number) => {
    const next = new Set(excluded);
    if (!next.delete(id)) next.add(id);
    setExcluded(next);
  };
  return (
    <Stack gap="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!request) return;
          setExcluded(new Set());
          preview.mutate(request);
        }}
      >
        <Stack gap="xs">
          {props.form}
          <Button type="submit" disabled={!request} loading={preview.isPending} w="fit-content">
            Preview
          </Button>
        </Stack>
      </form>
      {preview.isError && (
        <Alert color="red" title="No preview">
          {errorText(preview.error)}
        </Alert>
      )}
      {preview.data && (
        <>
          <Items preview={preview.data} excluded={excluded} onToggle={toggle} />
          {props.extra?.(preview.data)}
          <ApplyChangeSet
            key={JSON.stringify(request)}
            preview={preview.data}
            changes={preview.data.changes.filter((change) => !excluded.has(change.id))}
            verified={props.verified}
          />
        </>
      )}
    </Stack>
  );
}
