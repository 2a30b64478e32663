import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
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
