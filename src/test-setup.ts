import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import * as React from 'react';
import { afterEach } from 'vitest';

// Mantine keeps notifications in a store of its package, which outlives the test and,
// as files share their worker, the file: one left open would show in the next test.
afterEach(() => {
  cleanup();
  notifications.clean();
});

// findBy and waitFor give up after 1 s by default; a busy CI machine can take longer to
// render a whole page, and a test that waits longer for the right state fails no less.
configure({ asyncUtilTimeout: 10_000 });

// A failed query's error prints the whole page. While `waitFor` and `findBy` retry, each
// failed check builds such an error and only the last one is ever shown, and waitFor
// prints the page into that one again when it gives up: so the checks in between skip
// the print. On the fields page this printing was most of a test's CPU
// (bench/results/test-suite.md).
const errorWithPage = getConfig().getElementError;
configure({
  getElementError(message, container) {
    const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
      ._disableExpensiveErrorDiagnostics;
    if (!retrying) return errorWithPage(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// React's development build records where each element was created (an Error and its
// stack for every element, up to 10,000 between two renders) so that its warnings can
// name the code that caused them. In these tests that cost about a seventh of the CPU of
// rendering a page. Holding the counter at its limit makes React skip the recording;
// warnings still name the components. TEST_OWNER_STACKS=1 keeps the stacks, for
// reading a warning in detail (bench/results/test-suite.md).
if (process.env.TEST_OWNER_STACKS !== '1') skipElementOwnerStacks();

function skipElementOwnerStacks() {
  const internals = (React as unknown as Record<string, object | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  // Test files share their worker, and React with them: the counter is held once.
  const counter =
    internals && Object.getOwnPropertyDescriptor(internals, 'recentlyCreatedOwnerStacks');
  if (!counter || !('value' in counter)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.MAX_SAFE_INTEGER,
    set: () => {},
  });
}
