import { useOutletContext } from 'react-router-dom';

export type StepDirection = 'previous' | 'next';

/**
 * How the field drawer steps to the field before or after the open one in the
 * table's order. The fields page provides it to the drawer, its child route; a
 * drawer shown without the table has none.
 */
export interface FieldSteps {
  /** Where `id` stands among every match (1-based), when the page on screen holds it. */
  position(id: number): { number: number; total: number } | undefined;
  /** Opens the field before or after `id`, across a page edge when needed. */
  step(id: number, direction: StepDirection): Promise<void>;
}

export function useFieldSteps(): FieldSteps | undefined {
  return useOutletContext<FieldSteps | undefined>();
}
