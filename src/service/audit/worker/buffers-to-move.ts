/**
 * The memory of every typed array in a value (among its plain objects, arrays and
 * maps) that has a buffer of its own, once each: posted with the value as its transfer
 * list, it moves to the receiving thread instead of being copied, and the sender's
 * arrays are left empty. A copy left the sender's arrays as garbage until its thread
 * ended. A typed array that shares its buffer (a Buffer from Node's pool, a view into
 * a larger array) is copied as before: moving the buffer would empty what shares it.
 */
export function buffersToMove(value: unknown): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const visit = (inner: unknown): void => {
    if (typeof inner !== 'object' || inner === null) return;
    if (ArrayBuffer.isView(inner)) {
      if (ownsItsBuffer(inner)) buffers.add(inner.buffer as ArrayBuffer);
    } else if (inner instanceof Map) {
      for (const [key, entry] of inner) {
        visit(key);
        visit(entry);
      }
    } else if (Array.isArray(inner) || inner instanceof Set) {
      for (const entry of inner) visit(entry);
    } else {
      for (const entry of Object.values(inner)) visit(entry);
    }
  };
  visit(value);
  return [...buffers];
}

/** Whether a typed array is the whole of a buffer of its own (not shared, not a view into a larger one). */
export function ownsItsBuffer(view: ArrayBufferView): boolean {
  const { buffer } = view;
  return buffer instanceof ArrayBuffer && view.byteLength === buffer.byteLength;
}
