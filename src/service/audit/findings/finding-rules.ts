import type { FindingKey } from '../../../contract/audit';
import { duplicateRule, findingTitles, unusedRule } from '../../../contract/audit';

/** Each finding's title and its rule in words, as the API and the page state them (docs/audit.md). */
const rules: Record<FindingKey, { rule: string }> = {
  invalid: {
    rule: 'The instance reports a status other than VALID. The reason given is what the analyzer finds in the expression, a nested id that no field has, or the reference cycle the field is part of; where it finds none, that is said.',
  },
  'broken-references': {
    rule: 'At least one data source or card link is not VALID: the expression uses a column (a name between backticks) that the data source of that link (for a card, its data source) does not have.',
  },
  unused: { rule: unusedRule },
  'exact-duplicates': {
    rule: `Two or more fields have the same checkSum: their expressions are identical, character for character. ${duplicateRule}`,
  },
  'near-duplicates': {
    rule: `Two or more fields whose expressions differ, but are the same once case outside strings and names, spacing and comments are ignored. ${duplicateRule}`,
  },
  nested: {
    rule: 'The expression nests another calculated field with SERVICE_BEAST_MODE(id). The depth is the longest chain of such references below the field.',
  },
  'broken-dependencies': {
    rule: 'The field nests, directly or through other fields, a field that is invalid, has a broken reference or no longer exists.',
  },
  lint: {
    rule: "At least one of the analyzer's lint rules reports something in the expression.",
  },
  'inactive-owners': {
    rule: 'The owner is a user the instance reports inactive (detail.active is false): someone who has left, so nobody answers for the field. Grouped by owner.',
  },
};

export const findingRules = Object.fromEntries(
  Object.entries(rules).map(([key, { rule }]) => [
    key,
    { title: findingTitles[key as FindingKey], rule },
  ]),
) as Record<FindingKey, { title: string; rule: string }>;
