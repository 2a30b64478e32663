import { expect, test, vi } from 'vitest';
import { launchWithOneRetry } from './chromium';

test('a browser that starts is used at once', async () => {
  const launch = vi.fn(async () => 'browser');
  await expect(launchWithOneRetry(launch, () => {})).resolves.toBe('browser');
  expect(launch).toHaveBeenCalledTimes(1);
});

test('a start that fails is tried once more, and said', async () => {
  const launch = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('Target page, context or browser has been closed\nlogs'))
    .mockResolvedValueOnce('browser');
  const warn = vi.fn();
  await expect(launchWithOneRetry(launch, warn)).resolves.toBe('browser');
  expect(launch).toHaveBeenCalledTimes(2);
  expect(warn).toHaveBeenCalledWith(
    'Chromium did not start (Error: Target page, context or browser has been closed); starting it once more',
  );
});

test('a browser that fails to start twice fails with the second error', async () => {
  const launch = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('first'))
    .mockRejectedValueOnce(new Error('second'));
  await expect(launchWithOneRetry(launch, () => {})).rejects.toThrow('second');
  expect(launch).toHaveBeenCalledTimes(2);
});
