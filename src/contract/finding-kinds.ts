// The audit's findings by name, apart from audit.ts's schemas: the fields table's first
// screen names them (a finding's drill-down, the built-in views) and loads no zod.

/** The findings, each with its rule (docs/audit.md, "Findings"). */
export const findingKeys = [
  'invalid',
  'broken-references',
  'unused',
  'exact-duplicates',
  'near-duplicates',
  'nested',
  'broken-dependencies',
  'lint',
  'inactive-owners',
  'hidden-name-characters',
] as const;
export type FindingKey = (typeof findingKeys)[number];

/**
 * What "unused" means, in the audit's finding and in the fields table's built-in view of
 * that name (which lists that finding's fields). service/audit/findings/rules/unused-fields.ts
 * applies it. An archived field is retired already: archiving it is the fix, so the
 * finding leaves it out (Clean up can still delete it).
 */
export const unusedRule =
  'Not archived, no active card link, and no other calculated field references it.';

/**
 * When two fields are duplicates, exact or near: they compute the same thing on the same
 * data, so one could replace the other. service/audit/findings/rules/duplicates.ts applies it.
 */
export const duplicateRule =
  'Duplicates compute the same thing on the same data: they have the same data sources (a card counts as its data source) and are of the same kind (a variable, a field saved on cards only, or a field of a data source). An archived field is in no group: it is retired already.';

/**
 * What "hidden characters in names" means, in the audit's finding and in the fields
 * table's built-in view of that name. contract/hidden-characters.ts says which characters.
 */
export const hiddenNameRule =
  'The name holds a character that shows nothing or turns the text around it (a right-to-left override makes report⟨U+202E⟩gnp.exe read as reportexe.png), so it reads as something it is not.';

/**
 * Each finding's rule in words: the one home of them, for the audit page, the API's
 * `rule` and the drawer alike (docs/audit.md, "Findings").
 */
export const findingRules: Record<FindingKey, string> = {
  invalid:
    'The instance reports a status other than VALID. The reason given is what the analyzer finds in the expression, a nested id that no field has, or the reference cycle the field is part of; where it finds none, that is said.',
  'broken-references':
    'At least one data source or card link is not VALID: the expression uses a column (a name between backticks) that the data source of that link (for a card, its data source) does not have.',
  unused: unusedRule,
  'exact-duplicates': `Two or more fields have the same checkSum: their expressions are identical, character for character. ${duplicateRule}`,
  'near-duplicates': `Two or more fields whose expressions differ, but are the same once case outside strings and names, spacing and comments are ignored. ${duplicateRule}`,
  nested:
    'The expression nests another calculated field with SERVICE_BEAST_MODE(id). The depth is the longest chain of such references below the field. The fields of a reference cycle all have the same depth: the number of fields in the cycle, plus the depth of the deepest field the cycle nests outside it.',
  'broken-dependencies':
    'The field nests, directly or through other fields, a field that is invalid, has a broken reference or no longer exists.',
  lint: "At least one of the analyzer's lint rules reports something in the expression.",
  'inactive-owners':
    'The owner is a user the instance reports inactive (detail.active is false): someone who has left, so nobody answers for the field. Grouped by owner.',
  'hidden-name-characters': `${hiddenNameRule} Grouped by the character; a name that reads as another field's name without them is a look-alike.`,
};

/** The fields of one finding, or of one of its groups: where a drill-down searches. */
export interface FindingScope {
  key: FindingKey;
  group?: string;
}

/**
 * The findings the audit page counts per owner and per data source, in its tables'
 * order; rows are listed and ordered by these alone. Nested is left out on purpose:
 * nesting another field is no problem in itself, and a nested field that is broken
 * makes its nesters Broken dependencies, which is counted.
 */
export const problemsTableFindings = [
  'invalid',
  'broken-references',
  'broken-dependencies',
  'unused',
  'exact-duplicates',
  'near-duplicates',
  'lint',
  'inactive-owners',
  'hidden-name-characters',
] as const satisfies readonly FindingKey[];

/** What each finding is called, on the audit page and wherever its fields are listed. */
export const findingTitles: Record<FindingKey, string> = {
  invalid: 'Invalid',
  'broken-references': 'Broken references',
  unused: 'Unused',
  'exact-duplicates': 'Exact duplicates',
  'near-duplicates': 'Near duplicates',
  nested: 'Nested',
  'broken-dependencies': 'Broken dependencies',
  lint: 'Lint',
  'inactive-owners': 'Owned by inactive users',
  'hidden-name-characters': 'Hidden characters in names',
};
