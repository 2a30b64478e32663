import { isFieldsAddress } from '../links/field-address';

/** The fields page's code, for its route (router.tsx) and for the entry's first request of it. */
export const fieldsPageCode = () => import('../features/fields/FieldsPage');

/**
 * Asks for the fields page's code when the address names it. A failure is left to the
 * router, which asks again for the same module and shows the error.
 */
export function loadFirstPageCode(pathname: string): void {
  if (isFieldsAddress(pathname)) fieldsPageCode().catch(() => {});
}
