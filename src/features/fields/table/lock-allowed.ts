import { createContext } from 'react';

/**
 * Whether this token may lock fields: the rows' switches read it, so a reader's
 * answer reaches every row without drawing the rows again (docs/web-app.md).
 */
export const LockAllowed = createContext(true);
