import { z } from 'zod';
import { preview, previewKeys } from './preview';

/** The one property a lock change sets, in a single PUT and in a bulk lock alike. */
export const lockedSchema = z.boolean({
  error: (issue) =>
    issue.input === undefined
      ? 'locked is required: true locks the field, false unlocks it'
      : `locked must be true or false (got ${preview(issue.input)})`,
});

/** Body of PUT /functions/template/{id}: exactly {"locked": true|false}. */
export const lockRequestSchema = z.strictObject(
  { locked: lockedSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `this operation changes only \`locked\`; remove ${previewKeys(issue.keys)}`
        : 'the body must be a JSON object: {"locked": true} or {"locked": false}',
  },
);
export type LockRequest = z.infer<typeof lockRequestSchema>;
