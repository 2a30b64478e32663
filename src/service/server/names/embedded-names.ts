import type { DirectoryStore } from '../../store/directory-store';
import type { NameAnswers } from './name-routes';

/** The name routes answered from the instance data in the store, in production's shapes. */
export function embeddedNames(directory: DirectoryStore): NameAnswers {
  return {
    users: async (ids, includeDetails) =>
      directory
        .users(ids)
        .map((user) => (includeDetails ? user : { id: user.id, displayName: user.displayName })),
    cards: async (ids, withOwners) => directory.cards(ids, withOwners),
    dataSources: async (ids) => ({ dataSources: directory.dataSources(ids) }),
  };
}
