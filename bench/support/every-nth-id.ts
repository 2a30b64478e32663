import { searchRequestValidation } from '../../src/contract/search-validation';
import type { FieldStore } from '../../src/service/store/field-store';

const PAGE = 5000;

/** Every `step`-th field id, in id order: the fields a bench part changes. */
export function everyNthId(store: FieldStore, step: number): number[] {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = store.search(
      searchRequestValidation.parse({
        filters: [],
        sort: { field: 'id', ascending: true },
        limit: PAGE,
        offset,
      }),
    );
    page.results.forEach((json, index) => {
      if ((offset + index) % step === 0) ids.push((JSON.parse(json) as { id: number }).id);
    });
    if (!page.hasMore) return ids;
  }
}
