import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import { calculatedFieldSchema } from '../../contract/field';
import type { FieldChange } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { searchResponseSchema } from '../../contract/search';
import { errorBody } from '../server/api-error';
import type { FieldsMoved } from '../server/fields-moved';
import { reportMoved } from '../server/fields-moved';
import { fetchUnreachable, upstreamMessage } from '../server/proxy/upstream-errors';
import { hasValuesOf } from './field-states';
import { InstanceFormulaChecker } from './instance-formula-check';
import type { JournalTarget, Preview, Sent, SentItem, UpdateOf } from './journal-target';
import { activeCardsOf } from './journal-target';

/** Fields read from the instance at once. */
const READS_AT_ONCE = 4;

export interface InstanceAccess {
  upstream: URL;
  token: string;
  timeoutMs: number;
  /** Hears each field read back, so the audit's copy shows the change at once. */
  onFieldsMoved?: FieldsMoved;
}

/**
 * The journal's target in proxy mode: the instance, through the same paths the
 * proxy's writes use. Updates and deletes go in one `bulk/template` call per batch;
 * a lock change, a restore, and anything the bulk call did not settle are sent one
 * by one. Production's answer to a bulk call may be empty, so every field is read
 * back: what the instance shows is what the journal records.
 */
export class ProxyTarget implements JournalTarget {
  readonly restoresWithNewId = true;
  private readonly basePath: string;
  private readonly formulas = new InstanceFormulaChecker((method, path, body) =>
    this.call(method, path, body),
  );

  constructor(private readonly access: InstanceAccess) {
    this.basePath = access.upstream.pathname.replace(/\/+$/, '');
  }

  async read(ids: readonly number[]): Promise<Map<number, CalculatedField>> {
    const found = new Map<number, CalculatedField>();
    for (let start = 0; start < ids.length; start += READS_AT_ONCE) {
      const batch = ids.slice(start, start + READS_AT_ONCE);
      const fields = await Promise.all(batch.map((id) => this.readOne(id)));
      fields.forEach((field) => field && found.set(field.id, field));
    }
    return found;
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

  async send(items: readonly SentItem[]): Promise<Sent[]> {
    const bulk = items.flatMap((item, index) => (inBulk(item) ? [index] : []));
    // Settled by reading back below, whatever the answers say.
    for (const body of bulkBodies(bulk.map((index) => items[index]!))) {
      await this.call('POST', apiPaths.bulkTemplate, body);
    }
    const sent: Sent[] = [];
    for (const [index, item] of items.entries()) {
      if ('restore' in item.change) {
        sent.push(await this.restore(item.after!));
        continue;
      }
      const id = item.before!.id;
      if (!bulk.includes(index)) {
        const failure = await this.sendAlone(id, item.change);
        if (failure) {
          sent.push({ kind: 'failed', error: failure });
          continue;
        }
      }
      sent.push(await this.readBack(id, item.change));
    }
    reportMoved(
      this.access.onFieldsMoved,
      items.flatMap((item, index) => {
        const outcome = sent[index]!;
        if (outcome.kind !== 'applied') return [];
        return [{ before: item.before ?? undefined, after: outcome.after ?? undefined }];
      }),
    );
    return sent;
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

  private async readBack(id: number, change: FieldChange): Promise<Sent> {
    const field = await this.readOne(id);
    if ('delete' in change) return field ? notApplied(id) : { kind: 'applied', after: null };
    if (field && hasValuesOf(field, change.update)) return { kind: 'applied', after: field };
    return field
      ? notApplied(id)
      : {
          kind: 'failed',
          error: errorBody(404, `no calculated field has the id ${id}`, apiPaths.template(id)),
        };
  }

  /** A deleted field created again: the instance gives it a new id, recorded beside the old. */
  private async restore(recorded: CalculatedField): Promise<Sent> {
    const answer = await this.call('POST', apiPaths.templates, {
      name: recorded.name,
      owner: recorded.owner,
      expression: recorded.expression,
      links: recorded.links
        .filter((link) => link.resource.type !== 'FUNCTION_TEMPLATE')
        .map(({ resource, visible, active }) => ({ resource, visible, active })),
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

/** Updates without a lock change, and deletes, go through the bulk operation. */
function inBulk(item: SentItem): boolean {
  if ('restore' in item.change) return false;
  return 'delete' in item.change || item.change.update.locked === undefined;
}

/** One operation a call, as the published clients send it. */
function bulkBodies(items: readonly SentItem[]): unknown[] {
  const deletes = items.flatMap((item) => ('delete' in item.change ? [item.before!.id] : []));
  const updates = items.flatMap((item) =>
    'update' in item.change
      ? [{ id: item.before!.id, checkSum: item.before!.checkSum, ...item.change.update }]
      : [],
  );
  return [
    ...(updates.length > 0 ? [{ update: updates }] : []),
    ...(deletes.length > 0 ? [{ delete: deletes }] : []),
  ];
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
