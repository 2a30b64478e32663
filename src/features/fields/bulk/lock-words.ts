/** The words of a bulk lock or unlock, so both read the same. */
export function lockWords(locked: boolean) {
  return locked
    ? { verb: 'Lock', doing: 'Locking', done: 'locked', other: 'unlocked' }
    : { verb: 'Unlock', doing: 'Unlocking', done: 'unlocked', other: 'locked' };
}
