import type { DirectoryRequest, DirectoryResponse } from '../../contract/directory';

/** A user as production's users endpoint answers with `includeDetails=true`. */
export interface UserAnswer {
  id: number;
  displayName: string;
  detail: { active: boolean };
}

/** A card as production's cards endpoint answers it; `owners` only with `parts=owners`. */
export interface CardAnswer {
  id: string;
  title: string;
  owners?: Array<{ id: number; type: 'USER'; displayName: string }>;
}

/** Names of what fields point at: owners, data sources (with columns) and cards. */
export interface DirectoryStore {
  answer(request: DirectoryRequest): DirectoryResponse;
  /** The users among `ids`, in the order asked; unknown ids left out. */
  users(ids: readonly number[]): UserAnswer[];
  /** The cards among `ids`, with their titles, and their owners when asked for (none when unknown). */
  cards(ids: readonly string[], withOwners?: boolean): CardAnswer[];
  /** The data sources among `ids`, with their names and owners where known. */
  dataSources(ids: readonly string[]): Array<{ id: string; name: string; owner?: number }>;
}
