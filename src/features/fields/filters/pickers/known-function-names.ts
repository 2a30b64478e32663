import { KNOWN_FUNCTIONS } from '../../../../analysis/lint/known-functions';
import { SERVICE_OPERATOR_NAMES } from '../../../../analysis/operators';

/**
 * Before the audit has scanned the instance, the function filter cannot know which
 * functions its fields use; it suggests every name the analyzer knows instead.
 */
export const knownFunctionNames: readonly string[] = [
  ...SERVICE_OPERATOR_NAMES.values(),
  ...[...KNOWN_FUNCTIONS].sort(),
];
