import { expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { failureMessage } from './failure-message';

const body = (status: number, message: string) => ({
  status,
  statusReason: 'x',
  message,
  path: '/api/query/v1/functions/template/1',
});

test('adds the server message the explanation leaves out', () => {
  const error = new ApiError(
    'http',
    'The server failed to answer (500). Try again in a moment.',
    500,
    body(500, 'an unexpected fault'),
  );
  expect(failureMessage(error)).toBe(
    'The server failed to answer (500). Try again in a moment. The server said: “an unexpected fault”',
  );
});

test('does not repeat a server message the explanation already is', () => {
  const error = new ApiError(
    'http',
    'No calculated field has the id 9.',
    404,
    body(404, 'no calculated field has the id 9'),
  );
  expect(failureMessage(error)).toBe('No calculated field has the id 9.');
});

test('a failure without an answer, or not an error at all, still reads as a sentence', () => {
  expect(failureMessage(new ApiError('network', 'The server could not be reached.'))).toBe(
    'The server could not be reached.',
  );
  expect(failureMessage('boom')).toBe('The request failed.');
});
