import type { Steps } from '../../store/in-turns';
import type { PackedTextList } from '../../store/text-list';
import { TextList } from '../../store/text-list';

/** Strings made a turn's worth at a time where they arrive. */
const TEXTS_A_STEP = 16_384;
/** Numbers listed a turn's worth at a time. */
const NUMBERS_A_STEP = 65_536;

/** A list of numbers in a typed array, of texts as bytes (text-list.ts), or any other as it is. */
export type SentValues = Float64Array | PackedTextList | ReadonlyArray<string | number>;

/**
 * A list that is all numbers or all texts as one typed array, which moves to the
 * receiving thread: an array of values arrives as one piece of work there, a string or
 * a number at a time, and at 1,000,000 fields the index's keys are hundreds of
 * thousands of them.
 */
export function valuesToSend(values: ReadonlyArray<string | number>): SentValues {
  if (values.every((value) => typeof value === 'number')) return Float64Array.from(values);
  if (values.every((value) => typeof value === 'string'))
    return TextList.of(values)?.pack() ?? values;
  return values;
}

/** The list `valuesToSend` sent, made again a part at a time (store/in-turns.ts). */
export function* valuesTakenIn<Value extends string | number>(sent: SentValues): Steps<Value[]> {
  if (Array.isArray(sent)) return sent as Value[];
  const values: Array<string | number> = [];
  if (sent instanceof Float64Array) {
    for (let at = 0; at < sent.length; at += 1) {
      values.push(sent[at]!);
      if (at % NUMBERS_A_STEP === NUMBERS_A_STEP - 1) yield;
    }
  } else {
    for (const text of TextList.unpack(sent as PackedTextList)) {
      values.push(text);
      if (values.length % TEXTS_A_STEP === 0) yield;
    }
  }
  return values as Value[];
}
