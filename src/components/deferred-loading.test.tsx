import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ComponentType } from 'react';
import { expect, test } from 'vitest';
import { deferredControl } from './deferred-control';
import { deferredDialog } from './deferred-dialog';

/** Stands for a menu: its button counts the clicks it gets. */
function CountingButton({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((count) => count + 1)}>
      {label} {clicks}
    </button>
  );
}

function SameButton({ label }: { label: string }) {
  return <button type="button">{label} 0</button>;
}

test('a click on the placeholder before the code is there reaches the control once, with the focus', async () => {
  let deliver: (control: ComponentType<{ label: string }>) => void = () => undefined;
  const Control = deferredControl(
    () => new Promise<ComponentType<{ label: string }>>((resolve) => (deliver = resolve)),
    SameButton,
  );
  const user = userEvent.setup();
  render(<Control label="Filters" />);

  await user.click(screen.getByRole('button', { name: 'Filters 0' }));
  deliver(CountingButton);

  expect(await screen.findByRole('button', { name: 'Filters 1' })).toHaveFocus();
});

test('the placeholder stays until it is clicked, even once the code is there', async () => {
  const Control = deferredControl(async () => CountingButton, SameButton);
  const user = userEvent.setup();
  render(<Control label="Views" />);
  const placeholder = screen.getByRole('button', { name: 'Views 0' });

  await user.hover(placeholder);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(placeholder).toBeInTheDocument();

  await user.click(placeholder);
  expect(await screen.findByRole('button', { name: 'Views 1' })).toBeInTheDocument();
});

test('a dialog is loaded the first time it opens, and stays for its closing', async () => {
  let loads = 0;
  const Dialog = deferredDialog(
    async () => {
      loads += 1;
      return ({ opened }: { opened: boolean }) => <p>{opened ? 'open' : 'closing'}</p>;
    },
    ({ opened }) => opened,
  );
  const { rerender } = render(<Dialog opened={false} />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(loads).toBe(0);

  rerender(<Dialog opened />);
  expect(await screen.findByText('open')).toBeInTheDocument();
  rerender(<Dialog opened={false} />);
  expect(screen.getByText('closing')).toBeInTheDocument();
  expect(loads).toBe(1);
});
