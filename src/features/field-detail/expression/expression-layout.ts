import { useMemo } from 'react';
import { formatExpression } from '../../../analysis/format/format-expression';

/** The expression as shown, and where its offsets land in what is shown. */
export interface ExpressionLayout {
  text: string;
  toShown(offset: number): number;
  /** For the end of a span: an offset just past it. */
  endToShown(offset: number): number;
}

export type LayoutChoice = 'written' | 'formatted';

export function useExpressionLayout(expression: string, choice: LayoutChoice): ExpressionLayout {
  return useMemo(() => {
    if (choice === 'written') {
      return { text: expression, toShown: (offset) => offset, endToShown: (offset) => offset };
    }
    const formatted = formatExpression(expression);
    return {
      text: formatted.text,
      toShown: formatted.toFormatted,
      endToShown: formatted.endToFormatted,
    };
  }, [expression, choice]);
}
