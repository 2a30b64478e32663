import { restoresWith } from './restorable';
import type { BulkItemResult } from '../../contract/bulk-template';
import { BULK_TEMPLATE_ITEMS_SENT, bulkTemplateResponseSchema } from '../../contract/bulk-template';
import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import { calculatedFieldSchema } from '../../contract/field';
import type { FieldChange } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { searchResponseSchema } from '../../contract/search';
import { errorBody } from '../server/api-error';
import { fewAtOnce } from '../upstream/few-at-once';
import type { FieldsMoved } from '../server/fields-moved';
import { reportMoved } from '../server/fields-moved';
import { fetchUnreachable, upstreamMessage } from '../server/proxy/upstream-errors';
import { isLockOnly } from '../server/routes/bulk-items';
import { hasValuesOf } from './field-states';
import { InstanceFormulaChecker } from './instance-formula-check';
import type { JournalTarget, Preview, Sent, SentItem, UpdateOf } from './journal-target';
import { activeCardsOf } from './journal-target';

/** Fields read or sent one by one at once. */
const REQUESTS_AT_ONCE = 4;

/** Statuses by which an instance says it has no bulk operation. */
const WITHOUT_BULK = new Set([404, 405, 501]);

/**
 * Items the runner hands to one send: one bulk call's worth, read just before it
 * (a confirmed dry run's) and read back after, four at once. At production's 30-80 ms
 * a request that is about a second and a half, so a set's progress moves and a cancel
 * is heard that often; published clients' calls of 500 took 10 to 15 s each
 * (bench/results/bulk-lock.md).
 */
const ITEMS_PER_SEND = 50;

export interface InstanceAccess {
  upstream: URL;
  token: string;
  timeoutMs: number;
  /** Hears each field read back, so the audit's copy shows the change at once. */
  onFieldsMoved?: FieldsMoved;
}

/**
 * The journal's target in proxy mode: the instance, through the same paths the
 * proxy's writes use. Updates (a lock or unlock among them) and deletes go in
 * `bulk/template` calls shaped as published clients send them, one a send of 50
 * (`ITEMS_PER_SEND`; a call takes up to 500 as theirs do); an instance without
 * the operation gets one request per field for the rest of the run. A lock change
 * together with other properties, and a restore, are sent one by one. Production's
 * answer to a bulk call may be empty: a field the answer does not list is read back,
 * so what the instance shows is what the journal records.
 */
export class ProxyTarget implements JournalTarget {
  readonly restoresWithNewId = true;

  /** The instance's create takes a field only with a link to a data source or a card. */
  static readonly deletesNeedLink = true;
  readonly deletesNeedLink = ProxyTarget.deletesNeedLink;
  private readonly basePath: string;
  /** The instance answered a bulk call 404, 405 or 501: it has no bulk operation. */
  private bulkRefused = false;
  private readonly formulas = new InstanceFormulaChecker((method, path, body) =>
    this.call(method, path, body),
  );

  constructor(private readonly access: InstanceAccess) {
    this.basePath = access.upstream.pathname.replace(/\/+$/, '');
  }

  async read(ids: readonly number[]): Promise<Map<number, CalculatedField>> {
    const fields = await fewAtOnce(ids, REQUESTS_AT_ONCE, (id) => this.readOne(id));
    return new Map(fields.flatMap((field) => (field ? [[field.id, field]] : [])));
  }

  /** The instance derives on write; its own check of the formula says what the expression will be. */
  async preview(current: CalculatedField, update: UpdateOf): Promise<Preview> {
    const after = { ...current, ...update } as CalculatedField;
    if (update.expression === undefined) return { kind: 'after', field: after };
    const check = await this.formulas.check(current, update.expression);
    if (check.kind === 'refused') return check;
    const { status, columnPositions, containsAggregation } = check.verdict;
    return {
      kind: 'after',
      field: { ...after, status, columnPositions, aggregated: containsAggregation },
    };
  }

  async usage(field: CalculatedField): Promise<{ activeCards: number; nestedBy: number[] }> {
    const answer = await this.call('POST', apiPaths.search, {
      filters: [{ field: 'templateDependencies', value: field.id }],
      sort: { field: 'name', ascending: true },
      limit: 1000,
    });
    const page = answer.ok ? searchResponseSchema.safeParse(answer.json) : undefined;
    const nestedBy = page?.success ? page.data.results.map((item) => item.id) : [];
    return { activeCards: activeCardsOf(field), nestedBy };
  }

  readonly itemsPerSend = ITEMS_PER_SEND;

  async send(items: readonly SentItem[]): Promise<Sent[]> {
    const { listed, refusals } = await this.sendInBulk(items.filter((item) => this.inBulk(item)));
    const settled = await fewAtOnce(items, REQUESTS_AT_ONCE, (item) =>
      this.settleAlone(item, listed),
    );
    const open = items.flatMap((item, index) =>
      settled[index] || 'restore' in item.change
        ? []
        : [{ index, id: item.before!.id, change: item.change }],
    );
    const current = await this.read(open.map(({ id }) => id));
    const sent = settled.slice();
    for (const { index, id, change } of open) {
      sent[index] = readBack(id, change, current.get(id), refusals.get(id));
    }
    reportMoved(
      this.access.onFieldsMoved,
      items.flatMap((item, index) => {
        const outcome = sent[index]!;
        if (outcome.kind !== 'applied') return [];
        return [{ before: item.before ?? undefined, after: outcome.after ?? undefined }];
      }),
    );
    return sent as Sent[];
  }

  /**
   * What an item's own requests settle: a restore, what a bulk answer listed, a
   * refused PUT. Undefined when the field is to be read back to know.
   */
  private async settleAlone(
    item: SentItem,
    listed: ReadonlyMap<number, Sent>,
  ): Promise<Sent | undefined> {
    if ('restore' in item.change) return this.restore(item.after!);
    const id = item.before!.id;
    if (listed.has(id)) return listed.get(id);
    if (this.inBulk(item)) return undefined;
    const failure = await this.sendAlone(id, item.change);
    return failure && { kind: 'failed', error: failure };
  }

  /**
   * Updates (a lock or unlock among them) and deletes go in bulk calls until the
   * instance says it has none. A lock change together with other properties is sent
   * alone, in the order a locked field needs.
   */
  private inBulk(item: SentItem): boolean {
    if (this.bulkRefused || 'restore' in item.change) return false;
    const { change } = item;
    return 'delete' in change || change.update.locked === undefined || isLockOnly(change.update);
  }

  /**
   * Sends the items in bulk calls; what the answers say of the fields they list, by id.
   * Production's answer is not documented and may be empty: a field it does not list
   * is read back by the caller; a call the instance refused as a whole (a 403, say)
   * gives its reason to each field it carried, should the field not show the change.
   * An instance without the operation (404, 405, 501) is remembered, and the caller
   * sends the items again one by one.
   */
  private async sendInBulk(items: readonly SentItem[]): Promise<BulkOutcomes> {
    const outcomes: BulkOutcomes = { listed: new Map(), refusals: new Map() };
    for (const { body, ids } of bulkCalls(items)) {
      const answer = await this.call('POST', apiPaths.bulkTemplate, body);
      if (!answer.ok && WITHOUT_BULK.has(answer.error.status)) {
        this.bulkRefused = true;
        return { listed: new Map(), refusals: new Map() };
      }
      if (!answer.ok) {
        for (const id of ids) outcomes.refusals.set(id, answer.error);
        continue;
      }
      const results = bulkTemplateResponseSchema.safeParse(answer.json);
      if (results.success) listOutcomes(items, results.data.results, outcomes.listed);
    }
    return outcomes;
  }

  /** A lock change and the update around it, in the order a locked field needs. */
  private async sendAlone(id: number, change: FieldChange): Promise<ApiErrorBody | undefined> {
    if ('delete' in change) return undefined;
    const { locked, ...properties } = change.update;
    const steps: unknown[] = [
      ...(locked === false ? [{ locked: false }] : []),
      ...(Object.keys(properties).length > 0 ? [properties] : []),
      ...(locked === true ? [{ locked: true }] : []),
    ];
    for (const body of steps) {
      const answer = await this.call('PUT', apiPaths.template(id), body);
      if (!answer.ok) return answer.error;
    }
    return undefined;
  }

  /** A deleted field created again: the instance gives it a new id, recorded beside the old. */
  private async restore(recorded: CalculatedField): Promise<Sent> {
    const answer = await this.call('POST', apiPaths.templates, {
      name: recorded.name,
      owner: recorded.owner,
      expression: recorded.expression,
      links: restorableLinks(recorded),
      global: recorded.global,
      hidden: recorded.hidden,
      archived: recorded.archived,
      dataType: recorded.dataType,
      variable: recorded.variable,
    });
    if (!answer.ok) return { kind: 'failed', error: answer.error };
    const created = calculatedFieldSchema.safeParse(answer.json);
    return created.success
      ? { kind: 'applied', after: created.data, newId: created.data.id }
      : { kind: 'unknown' };
  }

  private async readOne(id: number): Promise<CalculatedField | undefined> {
    const answer = await this.call('GET', apiPaths.readField(id));
    const field = answer.ok ? calculatedFieldSchema.safeParse(answer.json) : undefined;
    return field?.success ? field.data : undefined;
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ ok: true; json: unknown } | { ok: false; error: ApiErrorBody }> {
    let response: Response;
    try {
      response = await fetch(new URL(`${this.basePath}${path}`, this.access.upstream.origin), {
        method,
        headers: {
          accept: 'application/json',
          [TOKEN_HEADER]: this.access.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.access.timeoutMs),
      });
    } catch (error) {
      // Thrown on: a request without an answer settles nothing (a check, a plan, a send).
      throw fetchUnreachable(error, this.access.timeoutMs);
    }
    const text = await response.text();
    if (response.ok) return { ok: true, json: parsedOrNull(text) };
    // Recorded in the journal, which every person reads: quoted as the proxy quotes it, without the token.
    const message = upstreamMessage(text, this.access.token);
    return {
      ok: false,
      error: errorBody(
        response.status,
        message ?? `the instance answered ${response.status}`,
        path.split('?')[0]!,
      ),
    };
  }
}

/** The links a field is created again with. */
function restorableLinks(field: CalculatedField) {
  return field.links
    .filter((link) => restoresWith(link.resource.type))
    .map(({ resource, visible, active }) => ({ resource, visible, active }));
}

/** What the bulk calls said: the fields their answers listed, and why a call was refused. */
interface BulkOutcomes {
  listed: Map<number, Sent>;
  refusals: Map<number, ApiErrorBody>;
}

/** Calls of one operation each, as the published clients send them: a lock or unlock is `{id, locked}`. */
function bulkCalls(items: readonly SentItem[]): { body: unknown; ids: number[] }[] {
  const deletes = items.flatMap((item) => ('delete' in item.change ? [item.before!.id] : []));
  const updates = items.flatMap((item) => {
    if (!('update' in item.change)) return [];
    const { update } = item.change;
    const { id, checkSum } = item.before!;
    return [isLockOnly(update) ? { id, ...update } : { id, checkSum, ...update }];
  });
  return [
    ...chunks(updates).map((update) => ({ body: { update }, ids: update.map(({ id }) => id) })),
    ...chunks(deletes).map((remove) => ({ body: { delete: remove }, ids: remove })),
  ];
}

function chunks<T>(items: readonly T[]): T[][] {
  const calls: T[][] = [];
  for (let start = 0; start < items.length; start += BULK_TEMPLATE_ITEMS_SENT) {
    calls.push(items.slice(start, start + BULK_TEMPLATE_ITEMS_SENT));
  }
  return calls;
}

/**
 * What an answer that lists its items says of each: a field that shows the change is
 * applied, an item refused is failed. One it does not list, or lists with a field that
 * does not show the change, is left to be read back.
 */
function listOutcomes(
  items: readonly SentItem[],
  results: readonly BulkItemResult[],
  into: Map<number, Sent>,
): void {
  const changes = new Map(items.map((item) => [item.before!.id, item.change]));
  for (const result of results) {
    const change = result.id === null ? undefined : changes.get(result.id);
    if (!change || 'restore' in change || result.operation === 'create') continue;
    const id = result.id!;
    if ('error' in result) {
      const { field: _field, ...error } = result.error;
      into.set(id, { kind: 'failed', error });
    } else if ('delete' in change) {
      if (result.status === 204) into.set(id, { kind: 'applied', after: null });
    } else if ('field' in result && hasValuesOf(result.field, change.update)) {
      into.set(id, { kind: 'applied', after: result.field });
    }
  }
}

/**
 * What the instance shows of an item sent: the field as the change left it, or why
 * not, in the instance's words when it refused the call that carried the item.
 */
function readBack(
  id: number,
  change: FieldChange,
  field: CalculatedField | undefined,
  refusal: ApiErrorBody | undefined,
): Sent {
  const notShown = () => (refusal ? { kind: 'failed' as const, error: refusal } : notApplied(id));
  if ('delete' in change) return field ? notShown() : { kind: 'applied', after: null };
  if (field && hasValuesOf(field, change.update)) return { kind: 'applied', after: field };
  return field
    ? notShown()
    : {
        kind: 'failed',
        error: errorBody(404, `no calculated field has the id ${id}`, apiPaths.template(id)),
      };
}

function notApplied(id: number): Sent {
  return {
    kind: 'failed',
    error: errorBody(
      409,
      'the instance does not show this change; it was refused or not sent',
      apiPaths.template(id),
    ),
  };
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
