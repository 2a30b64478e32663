import { useState } from 'react';

/**
 * Which place of the expression stands out (a reference use, a problem, a finding)
 * and which name's uses are lit while it is pointed at. Stepping through a name's
 * uses goes round them in order.
 */
export function useExpressionPlace() {
  const [current, setCurrent] = useState<string>();
  const [pointedName, setPointedName] = useState<string>();
  const [steps, setSteps] = useState<Record<string, number>>({});

  /** Shows the next use of `name` and answers which one it is, from 0. */
  const stepTo = (name: string, useCount: number, key: (index: number) => string): number => {
    const next = ((steps[name] ?? -1) + 1) % useCount;
    setSteps({ ...steps, [name]: next });
    setCurrent(key(next));
    return next;
  };

  return { current, show: setCurrent, pointedName, point: setPointedName, steps, stepTo };
}

export type ExpressionPlace = ReturnType<typeof useExpressionPlace>;
