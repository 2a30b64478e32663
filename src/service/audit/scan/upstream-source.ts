import type { UpstreamClient } from '../../upstream/upstream-client';
import { UpstreamError } from '../../upstream/upstream-client';
import type { FieldSource, ListedPage } from './field-source';

/** 404s from GET template, before any field was read, that mean the route itself is missing. */
const UNCONFIRMED_NOT_FOUND_LIMIT = 3;

/**
 * A real instance as a scan reads it: search pages sorted by `created` (a sort
 * production accepts) and GET template for each field that changed.
 */
export class UpstreamSource implements FieldSource {
  private templateAnswered = false;
  private unconfirmedNotFound = 0;

  constructor(
    private readonly client: UpstreamClient,
    readonly concurrency: number,
    readonly pageSize = 5000,
  ) {}

  get counters() {
    return this.client.counters;
  }

  async listPage(offset: number, signal: AbortSignal): Promise<ListedPage> {
    const page = await this.client.search(
      { filters: [], sort: { field: 'created', ascending: true }, limit: this.pageSize, offset },
      signal,
    );
    return { totalHits: page.totalHits, items: page.results };
  }

  listingKey(item: unknown): unknown {
    return (item as { created?: unknown } | null)?.created;
  }

  /**
   * A 404 for a field the listing just found means it was deleted since, once the
   * instance has answered this route for another field; before that, a few 404s
   * in a row mean the instance has no such route, and the scan cannot go on.
   */
  async readField(id: number, signal: AbortSignal): Promise<unknown> {
    const answer = await this.client.getTemplate(id, signal);
    if (answer.status === 200) {
      this.templateAnswered = true;
      return answer.field;
    }
    if (answer.status === 405) throw routeMissing();
    if (!this.templateAnswered) {
      this.unconfirmedNotFound += 1;
      if (this.unconfirmedNotFound >= UNCONFIRMED_NOT_FOUND_LIMIT) throw routeMissing();
    }
    return undefined;
  }
}

function routeMissing(): UpstreamError {
  return new UpstreamError(
    'unexpected',
    'the instance does not answer GET /functions/template/{id}, which a scan needs to read complete fields',
  );
}
