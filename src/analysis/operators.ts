/** Names the service reports for the four arithmetic operators when used as binary operators. */
export const SERVICE_OPERATOR_NAMES: ReadonlyMap<string, string> = new Map([
  ['*', 'SERVICE_OP_MULTIPLY'],
  ['+', 'SERVICE_OP_ADD'],
  ['-', 'SERVICE_OP_SUBTRACT'],
  ['/', 'SERVICE_OP_DIVIDE'],
]);

// Binding powers: a higher number binds tighter. Word operators share these
// levels: IS, IN and LIKE compare; as in MySQL, BETWEEN binds looser than a
// comparison, so `x BETWEEN a IS NULL AND b` bounds on `a IS NULL`.
export const OR_POWER = 1;
export const AND_POWER = 2;
export const NOT_POWER = 3;
export const BETWEEN_POWER = 4;
export const COMPARISON_POWER = 5;
export const ADDITIVE_POWER = 6;
export const MULTIPLICATIVE_POWER = 7;
export const UNARY_POWER = 8;

export const SYMBOL_OPERATOR_POWER: ReadonlyMap<string, number> = new Map([
  ['=', COMPARISON_POWER],
  ['<>', COMPARISON_POWER],
  ['!=', COMPARISON_POWER],
  ['<', COMPARISON_POWER],
  ['>', COMPARISON_POWER],
  ['<=', COMPARISON_POWER],
  ['>=', COMPARISON_POWER],
  ['<=>', COMPARISON_POWER],
  ['+', ADDITIVE_POWER],
  ['-', ADDITIVE_POWER],
  ['||', ADDITIVE_POWER],
  ['*', MULTIPLICATIVE_POWER],
  ['/', MULTIPLICATIVE_POWER],
  ['%', MULTIPLICATIVE_POWER],
]);
