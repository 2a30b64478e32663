import { useQueryStates } from 'nuqs';
import { findingAddress, findingScopeOf, findingUrlKeys } from '../../../links/finding-address';

/**
 * The audit finding the table is narrowed to, if any (docs/audit.md, "The audit
 * page"), its group's name to show, and a way back to every field.
 */
export function useFindingScope() {
  const [address, setAddress] = useQueryStates(findingAddress, {
    urlKeys: findingUrlKeys,
    history: 'push',
    shallow: false,
  });
  const scope = findingScopeOf(address);
  const clear = () => void setAddress({ finding: null, group: null, groupLabel: null });
  return { scope, groupLabel: address.groupLabel ?? address.group ?? undefined, clear };
}
