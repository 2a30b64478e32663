import { Alert, Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { takeLostFocus } from '../../components/focus-lost';
import type { WorkflowRequest } from '../../api/workflows/preview-workflow';
import type { ChangeSetDetail } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';
import { usePreviewWorkflow } from '../../api/workflows/preview-workflow';
import { ApplyChangeSet } from './ApplyChangeSet';
import { PreviewItems } from './PreviewItems';

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : 'The preview could not be made.';

const sameRequest = (a: WorkflowRequest | undefined, b: WorkflowRequest | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

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
      {/* A preview answers the choices it was asked with: once they change, applying it
          would do what the form no longer says. */}
      {preview.data && !sameRequest(preview.variables, request) && (
        <Alert color="yellow" title="The choices changed">
          Preview again to see what they change before applying them.
        </Alert>
      )}
      {preview.data && sameRequest(preview.variables, request) && (
        <Stack component="section" gap="sm" tabIndex={-1} ref={takeLostFocus} aria-label="Preview">
          <Items preview={preview.data} excluded={excluded} onToggle={toggle} />
          {props.extra?.(preview.data)}
          <ApplyChangeSet
            preview={preview.data}
            changes={preview.data.changes.filter((change) => !excluded.has(change.id))}
            verified={props.verified}
          />
        </Stack>
      )}
    </Stack>
  );
}
