/**
 * Requests to an instance, `atOnce` in flight and the next turn once they all
 * answered: a few at once keep a slow instance busy without flooding it. The answers
 * come in the order of the items.
 */
export async function fewAtOnce<T, R>(
  items: readonly T[],
  atOnce: number,
  ask: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = [];
  for (let start = 0; start < items.length; start += atOnce) {
    answers.push(...(await Promise.all(items.slice(start, start + atOnce).map(ask))));
  }
  return answers;
}
