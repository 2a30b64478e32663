import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Profiler } from 'react';
import { expect, test, vi } from 'vitest';
import { SearchInput } from './SearchInput';

function renderSearch(value: string, onChange = vi.fn()) {
  const ui = (current: string) => (
    <MantineProvider>
      <SearchInput value={current} onChange={onChange} />
    </MantineProvider>
  );
  const result = render(ui(value));
  return { ...result, onChange, showAddress: (current: string) => result.rerender(ui(current)) };
}

const box = () => screen.getByRole('searchbox', { name: 'Search by name' });

test('letters typed while the address catches up with earlier ones are kept', async () => {
  const user = userEvent.setup();
  const { onChange, showAddress } = renderSearch('');
  await user.type(box(), 'j');
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('j'));
  await user.type(box(), 'l');
  // The address answers the first letter only now, on a busy machine.
  showAddress('j');
  expect(box()).toHaveValue('jl');
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('jl'));
  showAddress('jl');
  expect(box()).toHaveValue('jl');
});

test('an address that shows an earlier search after a newer one was sent keeps the letters typed', async () => {
  const user = userEvent.setup();
  const { onChange, showAddress } = renderSearch('');
  await user.type(box(), 'j');
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('j'));
  await user.type(box(), 'l');
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('jl'));
  // The address shows the first search only now, after the second was sent.
  showAddress('j');
  expect(box()).toHaveValue('jl');
  showAddress('jl');
  expect(box()).toHaveValue('jl');
  // Back to the first search, from elsewhere, shows it.
  showAddress('j');
  expect(box()).toHaveValue('j');
});

test('a change of the address from elsewhere (Back, clear all) shows in the box', async () => {
  const user = userEvent.setup();
  const { onChange, showAddress } = renderSearch('');
  await user.type(box(), 'rev');
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('rev'));
  showAddress('rev');
  showAddress('');
  expect(box()).toHaveValue('');
  showAddress('rev');
  expect(box()).toHaveValue('rev');
});

test('a key’s search leaves from the key’s own handler, before any timer runs', () => {
  vi.useFakeTimers();
  try {
    const { onChange } = renderSearch('');
    fireEvent.change(box(), { target: { value: 'j' } });
    expect(box()).toHaveValue('j');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('j');
  } finally {
    vi.useRealTimers();
  }
});

test('keys handled before the next turn of the task queue are sent as one search on that turn', () => {
  vi.useFakeTimers();
  try {
    const { onChange } = renderSearch('');
    // Three keys queued behind a busy page: handled one after another, no timer between.
    for (const name of ['j', 'jl', 'jlo']) fireEvent.change(box(), { target: { value: name } });
    expect(onChange.mock.calls).toEqual([['j']]);
    act(() => vi.advanceTimersByTime(0));
    expect(onChange.mock.calls).toEqual([['j'], ['jlo']]);
    // The next key, after that turn, leaves at once again.
    fireEvent.change(box(), { target: { value: 'jlom' } });
    expect(onChange.mock.calls).toEqual([['j'], ['jlo'], ['jlom']]);
    expect(box()).toHaveValue('jlom');
  } finally {
    vi.useRealTimers();
  }
});

test('a typed key draws the box once, its search sent included', () => {
  vi.useFakeTimers();
  try {
    const onChange = vi.fn();
    let draws = 0;
    render(
      <MantineProvider>
        <Profiler id="box" onRender={() => (draws += 1)}>
          <SearchInput value="" onChange={onChange} />
        </Profiler>
      </MantineProvider>,
    );
    draws = 0;
    fireEvent.change(box(), { target: { value: 'j' } });
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenLastCalledWith('j');
    expect(draws).toBe(1);
  } finally {
    vi.useRealTimers();
  }
});
