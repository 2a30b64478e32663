import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { expect, test, vi } from 'vitest';
import type { FieldSteps } from '../../components/field-steps';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FieldStepper } from './FieldStepper';

function renderStepper(steps: FieldSteps | undefined, id = 5) {
  return renderWithProviders(<Outlet context={steps} />, {
    url: '/fields',
    childRoutes: [
      {
        index: true,
        element: (
          <>
            <input aria-label="Some text box" />
            <FieldStepper id={id} />
          </>
        ),
      },
    ],
  });
}

function fakeSteps(number: number, total: number) {
  const step = vi.fn<FieldSteps['step']>(() => Promise.resolve());
  const steps: FieldSteps = { position: () => ({ number, total }), step };
  return { steps, step };
}

test('buttons and [ ] step to the previous and next field, and say where the field stands', async () => {
  const { steps, step } = fakeSteps(26, 1831);
  const { user } = renderStepper(steps);
  expect(await screen.findByText('26 of 1,831')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Next field' }));
  await waitFor(() => expect(step).toHaveBeenLastCalledWith(5, 'next'));
  await user.click(screen.getByRole('button', { name: 'Previous field' }));
  await waitFor(() => expect(step).toHaveBeenLastCalledWith(5, 'previous'));

  await user.keyboard(']');
  await waitFor(() => expect(step).toHaveBeenLastCalledWith(5, 'next'));
  await user.keyboard('[[');
  await waitFor(() => expect(step).toHaveBeenLastCalledWith(5, 'previous'));
  expect(step).toHaveBeenCalledTimes(4);

  // Typing a bracket into a text box is typing.
  await user.type(screen.getByLabelText('Some text box'), '[[]'); // `[[` is a literal `[` to user-event
  expect(step).toHaveBeenCalledTimes(4);
});

test('stops at the first and the last field', async () => {
  const first = fakeSteps(1, 3);
  const { user, unmount } = renderStepper(first.steps);
  expect(await screen.findByRole('button', { name: 'Previous field' })).toBeDisabled();
  await user.keyboard('[[');
  expect(first.step).not.toHaveBeenCalled();
  unmount();

  const last = fakeSteps(3, 3);
  renderStepper(last.steps);
  expect(await screen.findByRole('button', { name: 'Next field' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Previous field' })).toBeEnabled();
});

test('says so when the next page cannot be loaded', async () => {
  const steps: FieldSteps = {
    position: () => ({ number: 25, total: 60 }),
    step: () => Promise.reject(new Error('The server is not answering')),
  };
  const { user } = renderStepper(steps);
  await user.click(await screen.findByRole('button', { name: 'Next field' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The next field could not be found: The server is not answering',
  );
  expect(screen.getByRole('button', { name: 'Next field' })).toBeEnabled();
});

test('shows nothing when the drawer was not opened from the table', async () => {
  renderStepper(undefined);
  await screen.findByLabelText('Some text box');
  expect(screen.queryByRole('button', { name: 'Next field' })).not.toBeInTheDocument();
});
