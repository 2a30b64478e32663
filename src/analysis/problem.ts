/**
 * Why an expression is INVALID, anchored in the text so an editor can underline it.
 * Offsets count UTF-16 code units of the expression as stored.
 */
export interface Problem {
  /** Where the problem starts. */
  start: number;
  /** Just past its last code unit, when the problem covers a known span (a token, a quote). */
  end?: number;
  /** What is wrong and how to fix it, in words, naming the offset. */
  message: string;
}

export function byStart(first: Problem, second: Problem): number {
  return first.start - second.start;
}
