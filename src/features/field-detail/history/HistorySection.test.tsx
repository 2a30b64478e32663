import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../../api/session';
import { calculatedField, setupMockApi } from '../../../api/test-support/mock-api';
import { readerMe } from '../../../api/test-support/mock-journal';
import { journalPaths } from '../../../contract/journal';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { HistorySection } from './HistorySection';

setupMockApi(
  readerMe,
  http.get(journalPaths.fieldHistory(7), async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
);
beforeEach(() => startSession('token-for-tests', false));

test('while the history loads, it says so in a way assistive technology may read', async () => {
  renderWithProviders(<HistorySection field={calculatedField(7)} />);
  expect(await screen.findByRole('status', { name: 'Loading the history' })).toBeInTheDocument();
  // Colours are checked in the browser; here names, roles and the ARIA allowed on each.
  const audit = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);
});
