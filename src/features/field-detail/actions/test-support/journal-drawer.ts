import type { setupServer } from 'msw/node';
import { analyzeExpression } from '../../../../analysis/analyze-expression';
import type { MockJournalOptions } from '../../../../api/test-support/mock-journal';
import { mockJournal } from '../../../../api/test-support/mock-journal';
import type { CalculatedField } from '../../../../contract/field';
import { mockInstance, smallDirectory } from '../../test-support/mock-instance';
import { renderDetails } from '../../test-support/render-details';

/**
 * The drawer of `field` on an instance with the journal: `fields` is what the
 * journal changes, so a test reads there what a change set did.
 */
export function showWritableField(
  server: ReturnType<typeof setupServer>,
  field: CalculatedField,
  options: MockJournalOptions & { others?: CalculatedField[] } = {},
) {
  const fields = new Map([field, ...(options.others ?? [])].map((each) => [each.id, each]));
  mockInstance(server, { fields: [...fields.values()], directory: smallDirectory });
  const journal = mockJournal(fields, {
    statusOf: (expression) => analyzeExpression(expression).status,
    ...options,
  });
  server.use(...journal.handlers);
  renderDetails({ complete: true, field });
  return { fields, journal };
}
