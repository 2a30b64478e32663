import { useMe } from '../../api/journal/get-me';

/** Whether the token may write: false until the server says so, so write actions never flash. */
export function useCanWrite(): boolean {
  return useMe().data?.canWrite === true;
}
