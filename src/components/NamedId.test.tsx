import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render-with-providers';
import { NamedId } from './NamedId';

afterEach(() => vi.useRealTimers());

const rows = [1, 2, 3].map((id) => (
  <NamedId key={id} name={`Owner ${id}`} id={id} what="owner" to={`/fields?owner=${id}`} />
));

test('no tooltip exists until a name is hovered, then only its own, after a short rest', async () => {
  // The label's code is loaded first, so only the rest before it shows is timed: under
  // load, loading it could outlast the timers advanced below.
  await import('./FloatingLabel');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderWithProviders(<div>{rows}</div>);
  const name = await screen.findByText('Owner 2');
  expect(document.querySelector('[role="tooltip"]')).toBeNull();

  fireEvent.mouseEnter(name.parentElement!);
  await act(() => vi.advanceTimersByTimeAsync(200));
  expect(screen.queryByRole('tooltip')).toBeNull();
  await act(() => vi.advanceTimersByTimeAsync(200));
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Owner id 2');
  expect(screen.getAllByRole('tooltip')).toHaveLength(1);

  fireEvent.mouseLeave(name.parentElement!);
  expect(screen.queryByRole('tooltip')).toBeNull();
});

test('keyboard focus on the name shows its id, Escape and leaving close it', async () => {
  const { user } = renderWithProviders(<div>{rows}</div>);
  await screen.findByText('Owner 1');
  await user.tab();
  expect(screen.getByRole('link', { name: 'Owner 1' })).toHaveFocus();
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Owner id 1');

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('tooltip')).toBeNull();
  expect(screen.getByRole('link', { name: 'Owner 1' })).toHaveFocus();

  await user.tab(); // the copy button of the same name
  await user.tab(); // the next name
  expect(screen.getByRole('link', { name: 'Owner 2' })).toHaveFocus();
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Owner id 2');
});

test('the copy button stays reachable and names the id it copies', async () => {
  renderWithProviders(<div>{rows}</div>);
  expect(await screen.findByRole('button', { name: 'Copy the owner id 3' })).toBeEnabled();
});
