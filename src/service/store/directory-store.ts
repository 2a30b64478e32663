import type { DirectoryRequest, DirectoryResponse } from '../../contract/directory';

/** Names of what fields point at: owners, data sources (with columns) and cards. */
export interface DirectoryStore {
  answer(request: DirectoryRequest): DirectoryResponse;
}
