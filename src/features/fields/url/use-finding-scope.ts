import { useQueryStates } from 'nuqs';
import type { FindingScope } from '../../../contract/audit';
import { findingAddress, findingUrlKeys } from '../../../components/fields-links/finding-address';

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
  const scope: FindingScope | undefined =
    address.finding === null
      ? undefined
      : address.group === null
        ? { key: address.finding }
        : { key: address.finding, group: address.group };
  const clear = () => void setAddress({ finding: null, group: null, groupLabel: null });
  return { scope, groupLabel: address.groupLabel ?? address.group ?? undefined, clear };
}
