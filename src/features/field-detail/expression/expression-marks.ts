import type { FieldExplanation } from '../explanation/use-field-explanation';
import type { ExpressionLayout } from './expression-layout';
import type { Mark } from './expression-lines';

export const referenceUseKey = (name: string, index: number) => `use:${name}:${index}`;
export const problemKey = (index: number) => `problem:${index}`;
export const findingKey = (index: number) => `finding:${index}`;

/**
 * Every reference use, problem and lint finding, placed in the shown text. A
 * finding about the whole expression (its start equals its end) is listed, not marked.
 */
export function expressionMarks(
  { uses, problems, findings }: Pick<FieldExplanation, 'uses' | 'problems' | 'findings'>,
  layout: ExpressionLayout,
): Mark[] {
  const span = (start: number, end: number) => {
    const shownStart = layout.toShown(start);
    return { start: shownStart, end: end > start ? layout.endToShown(end) : shownStart };
  };
  const marks: Mark[] = [];
  for (const { name, uses: places } of uses) {
    places.forEach((use, index) =>
      marks.push({
        key: referenceUseKey(name, index),
        kind: 'reference',
        name,
        ...span(use.start, use.end),
      }),
    );
  }
  problems.forEach((problem, index) =>
    marks.push({
      key: problemKey(index),
      kind: 'problem',
      tone: 'error',
      message: problem.message,
      ...span(problem.start, problem.end ?? problem.start),
    }),
  );
  findings.forEach((finding, index) => {
    if (finding.end <= finding.start) return;
    marks.push({
      key: findingKey(index),
      kind: 'finding',
      tone: finding.severity,
      message: finding.message,
      ...span(finding.start, finding.end),
    });
  });
  return marks;
}
