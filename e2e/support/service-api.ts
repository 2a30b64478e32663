import type { APIRequestContext } from '@playwright/test';
import type { FieldFindingsAnswer, FindingKey } from '../../src/contract/audit';
import { expect } from '@playwright/test';
import {
  AUDIT_BASE,
  auditStatusSchema,
  fieldFindingsAnswerSchema,
  findingFieldsAnswerSchema,
  findingsAnswerSchema,
} from '../../src/contract/audit';
import type { CalculatedField } from '../../src/contract/field';
import type { DirectoryResponse } from '../../src/contract/directory';
import { directoryLookupQuery, directoryResponseSchema } from '../../src/contract/directory';
import { calculatedFieldSchema } from '../../src/contract/field';
import type { UserName } from '../../src/contract/names';
import { namePaths, usersAnswerSchema } from '../../src/contract/names';
import { apiPaths } from '../../src/contract/paths';
import type { SearchRequest, SearchResponse } from '../../src/contract/search';
import { searchResponseSchema } from '../../src/contract/search';

/** The service's API called directly, to set up a test and to confirm what the app did. */
export class ServiceApi {
  constructor(private readonly request: APIRequestContext) {}

  /**
   * A proxy refuses a search the instance cannot answer (409) until its copy of the
   * instance is made (docs/proxy.md); on a loaded machine that can outlast the wait
   * the proxy allows the first search, so the search is asked again until then.
   */
  async search(body: Partial<SearchRequest>): Promise<SearchResponse> {
    const data = { filters: [], sort: { field: 'id', ascending: true }, limit: 50, ...body };
    let response = await this.request.post(apiPaths.search, { data });
    for (let tries = 0; response.status() === 409 && tries < 60; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      response = await this.request.post(apiPaths.search, { data });
    }
    if (!response.ok()) throw new Error(`search failed: ${response.status()}`);
    return searchResponseSchema.parse(await response.json());
  }

  async field(id: number): Promise<CalculatedField> {
    const response = await this.request.get(apiPaths.template(id));
    if (!response.ok()) throw new Error(`reading field ${id} failed: ${response.status()}`);
    return calculatedFieldSchema.parse(await response.json());
  }

  /** The directory's names for these ids (the project's extension; docs/api.md). */
  async directory(ids: Parameters<typeof directoryLookupQuery>[0]): Promise<DirectoryResponse> {
    const response = await this.request.get(`${apiPaths.directory}?${directoryLookupQuery(ids)}`);
    if (!response.ok()) throw new Error(`directory lookup failed: ${response.status()}`);
    return directoryResponseSchema.parse(await response.json());
  }

  /** Users as the instance names them (production's users endpoint; docs/api.md, "Names"). */
  async users(ids: readonly number[]): Promise<UserName[]> {
    const query = new URLSearchParams({ id: ids.join(','), includeDetails: 'true' });
    const response = await this.request.get(`${namePaths.users}?${query}`);
    if (!response.ok()) throw new Error(`users lookup failed: ${response.status()}`);
    return usersAnswerSchema.parse(await response.json());
  }

  /** The audit's findings for one field; undefined until the first scan has completed. */
  async fieldFindings(id: number): Promise<FieldFindingsAnswer | undefined> {
    const response = await this.request.get(`${AUDIT_BASE}/fields/${id}/findings`);
    if (response.status() === 404) return undefined;
    if (!response.ok()) throw new Error(`the findings of field ${id} failed: ${response.status()}`);
    return fieldFindingsAnswerSchema.parse(await response.json());
  }

  /** A POST of this service's own API (the workflows', for one), its JSON answer. */
  async post<T>(path: string, body: unknown): Promise<T> {
    const response = await this.request.post(path, { data: body });
    if (!response.ok()) throw new Error(`${path} failed: ${response.status()}`);
    return (await response.json()) as T;
  }

  /** The groups of one of the latest scan's findings (the largest first, 25 at most). */
  async findingGroups(key: FindingKey) {
    const response = await this.request.get(`${AUDIT_BASE}/findings`);
    if (!response.ok()) throw new Error(`the findings failed: ${response.status()}`);
    return (
      findingsAnswerSchema.parse(await response.json()).findings.find((each) => each.key === key)
        ?.groups ?? []
    );
  }

  /** The first group of one of the latest scan's findings that `accept` takes. */
  async findingGroup(key: FindingKey, accept: (groupKey: string) => boolean = () => true) {
    const group = (await this.findingGroups(key)).find((each) => accept(each.key));
    if (!group) throw new Error(`the finding ${key} has no such group`);
    return group;
  }

  /** The first `limit` fields of one of the audit's findings, by id. */
  async findingFields(key: FindingKey, limit: number) {
    const response = await this.request.post(`${AUDIT_BASE}/findings/${key}/fields`, {
      data: { filters: [], sort: { field: 'id', ascending: true }, limit },
    });
    if (!response.ok()) throw new Error(`the fields of ${key} failed: ${response.status()}`);
    return findingFieldsAnswerSchema.parse(await response.json());
  }

  /** Resolves once a complete scan is there: the workflows preview from the latest one. */
  async scanned(): Promise<void> {
    const status = async () => {
      const response = await this.request.get(`${AUDIT_BASE}/status`);
      if (!response.ok()) throw new Error(`the audit's status failed: ${response.status()}`);
      return auditStatusSchema.parse(await response.json());
    };
    const now = await status();
    if (now.latestScan && !now.runningScan) return;
    if (!now.runningScan) await this.request.post(`${AUDIT_BASE}/scans`, { data: {} });
    await expect
      .poll(async () => {
        const { latestScan, runningScan } = await status();
        return latestScan !== undefined && runningScan === undefined;
      })
      .toBe(true);
  }

  /** Changes a field as another client would, with production's update (PUT). */
  async update(id: number, changes: { expression?: string; name?: string }): Promise<void> {
    const response = await this.request.put(apiPaths.template(id), { data: changes });
    if (!response.ok()) throw new Error(`updating field ${id} failed: ${response.status()}`);
  }

  async setLocked(id: number, locked: boolean): Promise<void> {
    const response = await this.request.put(apiPaths.template(id), { data: { locked } });
    if (!response.ok()) throw new Error(`locking field ${id} failed: ${response.status()}`);
  }

  /**
   * An unlocked, non-variable field that no other test uses: tests run in parallel
   * on one database, so each test that locks takes its own `slot`.
   */
  async unlockedField(slot: number): Promise<CalculatedField> {
    const page = await this.search({
      filters: [{ field: 'notvariable' }, { field: 'notarchived' }],
      sort: { field: 'id', ascending: true },
      limit: 1,
      offset: slot,
    });
    const item = page.results[0];
    if (!item) throw new Error(`no field in slot ${slot}`);
    await this.setLocked(item.id, false);
    return this.field(item.id);
  }
}
