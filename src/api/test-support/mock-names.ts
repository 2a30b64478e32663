import { http, HttpResponse } from 'msw';
import { namePaths } from '../../contract/names';

export interface MockNames {
  owners?: ReadonlyArray<{ id: number; name: string; active?: boolean }>;
  dataSources?: ReadonlyArray<{ id: string; name: string }>;
  cards?: ReadonlyArray<{ id: string; title: string }>;
}

/**
 * Production's name endpoints over these entries, as an instance answers them
 * (unknown ids left out), or 404 for each when `missing`. `asked` hears each
 * request's ids, by kind.
 */
export function nameHandlers(
  names: MockNames | 'missing',
  asked?: (kind: 'users' | 'dataSources' | 'cards', ids: string[]) => void,
) {
  const missing = () => new HttpResponse('Not Found', { status: 404 });
  const listed = (value: string | null) => value?.split(',') ?? [];
  return [
    http.get(namePaths.users, ({ request }) => {
      if (names === 'missing') return missing();
      const ids = listed(new URL(request.url).searchParams.get('id'));
      asked?.('users', ids);
      return HttpResponse.json(
        (names.owners ?? [])
          .filter((owner) => ids.includes(String(owner.id)))
          .map((owner) => ({
            id: owner.id,
            displayName: owner.name,
            detail: { active: owner.active ?? true },
          })),
      );
    }),
    http.get(namePaths.cards, ({ request }) => {
      if (names === 'missing') return missing();
      const ids = listed(new URL(request.url).searchParams.get('urns'));
      asked?.('cards', ids);
      return HttpResponse.json(
        (names.cards ?? [])
          .filter((card) => ids.includes(card.id))
          .map(({ id, title }) => ({ id, title })),
      );
    }),
    http.post(namePaths.dataSources, async ({ request }) => {
      if (names === 'missing') return missing();
      const ids = (await request.json()) as string[];
      asked?.('dataSources', ids);
      return HttpResponse.json({
        dataSources: (names.dataSources ?? [])
          .filter((source) => ids.includes(source.id))
          .map(({ id, name }) => ({ id, name })),
      });
    }),
  ];
}
