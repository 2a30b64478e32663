import { act, renderHook } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { usePhoneLayout } from './use-phone-layout';

test('the phone layout asks the screen once and then follows its changes', () => {
  let listener: (() => void) | undefined;
  const query = {
    matches: false,
    addEventListener: (_: string, follow: () => void) => (listener = follow),
    removeEventListener: () => (listener = undefined),
  };
  const matchMedia = vi
    .spyOn(window, 'matchMedia')
    .mockImplementation(() => query as unknown as MediaQueryList);

  const { result, rerender, unmount } = renderHook(() => usePhoneLayout());
  rerender();
  rerender();
  expect(result.current).toBe(false);

  query.matches = true;
  act(() => listener?.());
  expect(result.current).toBe(true);
  // Each render of the fields page asked `matchMedia` again before; once is enough.
  expect(matchMedia).toHaveBeenCalledTimes(1);
  unmount();
  expect(listener).toBeUndefined();
});
