import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** A button that opens one workflow in a dialog; the place where the problem is shown renders it. */
export function WorkflowDialog(props: { label: string; title: string; children: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="light" onClick={open}>
        {props.label}
      </Button>
      <Modal opened={opened} onClose={close} title={props.title} size="xl">
        {opened && props.children}
      </Modal>
    </>
  );
}
