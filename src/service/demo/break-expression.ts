export const expressionBreaks = ['parenthesis', 'quote', 'case', 'backtick'] as const;
export type ExpressionBreak = (typeof expressionBreaks)[number];

/** Turns a well-formed expression into one of the typing mistakes found in real instances. */
export function breakExpression(expression: string, kind: ExpressionBreak): string {
  switch (kind) {
    case 'parenthesis':
      return `ROUND(${expression}, 2`;
    case 'quote':
      return `IFNULL(${expression}, 'n/a)`;
    case 'case':
      return dropLastEnd(expression);
    case 'backtick':
      return dropClosingBacktick(expression);
  }
}

function dropLastEnd(expression: string): string {
  const end = expression.lastIndexOf(' END');
  // With no CASE to cut short, open one that never ends.
  if (end < 0) return `CASE WHEN ${expression} IS NULL THEN 0 ELSE ${expression}`;
  return expression.slice(0, end) + expression.slice(end + ' END'.length);
}

function dropClosingBacktick(expression: string): string {
  const opening = expression.indexOf('`');
  const closing = opening < 0 ? -1 : expression.indexOf('`', opening + 1);
  if (closing < 0) return `${expression} + \`Adjustment`;
  return expression.slice(0, closing) + expression.slice(closing + 1);
}
