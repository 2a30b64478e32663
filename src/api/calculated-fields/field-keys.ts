import type { FindingScope } from '../../contract/audit';
import type { SearchRequest } from '../../contract/search';

/** Hierarchical query keys: invalidating `fieldKeys.all` reaches every cached view of a field. */
export const fieldKeys = {
  all: ['fields'] as const,
  searches: () => [...fieldKeys.all, 'search'] as const,
  /** A search of the instance, or of one audit finding's fields when `scope` names one. */
  search: (request: SearchRequest, scope?: FindingScope) =>
    scope
      ? ([...fieldKeys.searches(), request, scope] as const)
      : ([...fieldKeys.searches(), request] as const),
  details: () => [...fieldKeys.all, 'detail'] as const,
  detail: (id: number) => [...fieldKeys.details(), id] as const,
  /** Fields whose expression nests field `id`. */
  dependents: (id: number) => [...fieldKeys.all, 'dependents', id] as const,
};
