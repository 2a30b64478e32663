import { isPlainObject } from './arrays-in-slices';
import { ownsItsBuffer } from './buffers-to-move';

/** Names, where a typed array was, the buffer sent ahead that holds it. */
const AHEAD = '\u0000ahead';

const typedArrays = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
};

type TypedArrayName = keyof typeof typedArrays;

interface Ahead {
  [AHEAD]: number;
  type: TypedArrayName;
}

/**
 * `value` with each typed array that has a buffer of its own (buffers-to-move.ts) taken
 * out, to be sent ahead of it one buffer a message, and where each was (`buffersBack`
 * puts them back). Each buffer a thread takes in counts as memory outside its heap,
 * and once hundreds of megabytes of them pass V8's limit each one makes the receiving
 * thread mark a step of its whole heap: at 1,000,000 fields the hundreds of arrays of
 * a scan's findings, in one message, held the thread that answers requests for one
 * task of 100 to 450 ms as they arrived. One a message, each step is a task of its own.
 */
export function buffersAhead(value: unknown): { rest: unknown; buffers: ArrayBuffer[] } {
  const buffers: ArrayBuffer[] = [];
  const numbers = new Map<ArrayBuffer, number>();
  const leave = (inner: unknown): unknown => {
    if (typeof inner !== 'object' || inner === null) return inner;
    if (ArrayBuffer.isView(inner)) {
      if (!ownsItsBuffer(inner) || inner instanceof DataView) return inner;
      const buffer = inner.buffer as ArrayBuffer;
      let number = numbers.get(buffer);
      if (number === undefined) numbers.set(buffer, (number = buffers.push(buffer) - 1));
      return { [AHEAD]: number, type: typeNameOf(inner) } satisfies Ahead;
    }
    if (inner instanceof Map)
      return new Map([...inner].map(([key, entry]) => [leave(key), leave(entry)]));
    if (Array.isArray(inner)) return inner.map(leave);
    if (!isPlainObject(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).map(([key, entry]) => [key, leave(entry)]));
  };
  return { rest: leave(value), buffers };
}

/** The value `buffersAhead` took the buffers out of, with each typed array back on its buffer. */
export function buffersBack(rest: unknown, buffers: readonly ArrayBufferLike[]): unknown {
  const back = (inner: unknown): unknown => {
    if (typeof inner !== 'object' || inner === null || ArrayBuffer.isView(inner)) return inner;
    if (isAhead(inner)) {
      // Each kind takes a shared buffer as it takes another; TypeScript does not call a union of constructors.
      const Kind = typedArrays[inner.type] as Uint8ArrayConstructor;
      return new Kind(buffers[inner[AHEAD]]!);
    }
    if (inner instanceof Map)
      return new Map([...inner].map(([key, entry]) => [back(key), back(entry)]));
    if (Array.isArray(inner)) return inner.map(back);
    if (!isPlainObject(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).map(([key, entry]) => [key, back(entry)]));
  };
  return back(rest);
}

/** A Buffer (Node's own kind of Uint8Array) comes back as a Uint8Array, as a structured clone makes it. */
function typeNameOf(view: ArrayBufferView): TypedArrayName {
  const { name } = view.constructor;
  return name in typedArrays ? (name as TypedArrayName) : 'Uint8Array';
}

function isAhead(value: object): value is Ahead {
  return AHEAD in value;
}
