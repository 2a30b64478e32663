import { Alert, Drawer, Skeleton, Stack } from '@mantine/core';
import { useContext, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isFieldNotFound, useField } from '../../api/calculated-fields/get-field';
import { ErrorState } from '../../components/ErrorState';
import { parseFieldId } from '../../contract/field-id';
import { useDocumentTitle } from '../../components/use-document-title';
import { useInertApp } from '../../components/use-inert-app';
import { useOpenerFocus } from '../../components/use-opener-focus';
import { FieldDetails } from './FieldDetails';
import { FieldStepper } from './FieldStepper';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import { UserText } from '../../components/UserText';

function FieldName({ id }: { id: number }) {
  const name = useField(id).data?.field.name;
  return name === undefined ? 'Calculated field' : <UserText text={name} />;
}

/** The tab is titled after the open field, e.g. "Revenue YoY · Calculated fields". */
function FieldTitle({ id }: { id: number }) {
  const query = useField(id);
  const missing = query.isError && isFieldNotFound(query.error);
  const name = query.data?.field.name;
  useDocumentTitle(
    missing ? 'No such field' : name === undefined ? `Field ${id}` : showHiddenCharacters(name),
    'dialog',
  );
  return null;
}

function FieldBody({ id }: { id: number }) {
  const query = useField(id);
  if (query.isPending) {
    return (
      <Stack role="status" aria-label="Loading the field">
        <Skeleton height={28} width="40%" />
        <Skeleton height={180} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  const deleted = query.isError && isFieldNotFound(query.error) && query.data !== undefined;
  if (query.isError && !deleted) {
    return isFieldNotFound(query.error) ? (
      <Alert color="yellow" title="No such field">
        No calculated field has the id {id}. It may have been removed.
      </Alert>
    ) : (
      <ErrorState
        title="The field could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  // A field deleted while shown (from this drawer, most often) stays on screen as it
  // was: the delete's dialog, with its Undo, lives in these details and would go with them.
  return (
    <>
      {deleted && (
        <Alert color="yellow" title="This field was deleted">
          It is shown as it was. Undo the delete to bring it back.
        </Alert>
      )}
      <FieldDetails detail={query.data} deleted={deleted} />
    </>
  );
}

/**
 * Whether a dialog opened from the drawer (a change's form or confirmation) is on top
 * of it. Mantine closes every open dialog on Escape, the drawer included; with one on
 * top, Escape is that dialog's alone, and the drawer must stay.
 */
function dialogAboveDrawer(): boolean {
  return document.querySelectorAll('[role="dialog"][aria-modal="true"]').length > 1;
}

/** The drawer of `/fields/:id`: closing it goes back to the table with its state. */
export function FieldDrawer() {
  const id = parseFieldId(useParams().id);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Closing plays the exit transition first; the route changes once it ends.
  const [opened, setOpened] = useState(true);
  useInertApp(opened);
  // What had focus when the drawer opened (the row's link) gets it back on close.
  const focusOpener = useOpenerFocus();
  // A link followed while the drawer was closing (to the audit, whose page is still
  // loading) has already chosen where the app goes: going back to the table then
  // would cancel it, whether that navigation is still loading or has already moved the
  // router on while React has yet to draw its page. The router's own state is read when
  // the drawer has closed; useNavigation() and useLocation() give the state of the last
  // render, which a navigation started a moment ago may not have reached.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const close = () => {
    const now = dataRouter?.router.state;
    if (now && (now.navigation.state !== 'idle' || now.location.pathname !== pathname)) return;
    navigate({ pathname: '/fields', search });
    focusOpener();
  };

  return (
    <Drawer
      opened={opened}
      onClose={() => {
        if (!dialogAboveDrawer()) setOpened(false);
      }}
      onExitTransitionEnd={close}
      position="right"
      size="xl"
      title={id === undefined ? 'Calculated field' : <FieldName id={id} />}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
    >
      {id === undefined ? (
        <Alert color="red" title="Not a field id">
          This address does not name a field: ids are positive whole numbers.
        </Alert>
      ) : (
        <>
          <FieldTitle id={id} />
          <FieldStepper id={id} />
          <FieldBody id={id} />
        </>
      )}
    </Drawer>
  );
}
