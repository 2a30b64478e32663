import { http, HttpResponse } from 'msw';
import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import type {
  ChangeItem,
  ChangeKind,
  ChangeSetDetail,
  ChangeSetItemsPage,
  ChangeSetMention,
  ChangeSetRequest,
  FieldChange,
  KeptPlan,
  Me,
  PlanCounts,
  PlannedItem,
  UndoAnswer,
} from '../../contract/journal';
import { journalPaths, PLAN_FIRST_ITEMS } from '../../contract/journal';
import { apiPaths } from '../../contract/paths';
import { undoRefusal } from '../../contract/undo-rule';

export interface MockJournalOptions {
  me?: Me;
  /** What uses a field, in the words a dry run says ("used by 2 cards"). */
  usedBy?: ReadonlyMap<number, string>;
  /** How many reads of a new set show it running before it is done (progress). */
  readsWhileRunning?: number;
  /** Told each field a set changed, as the change left it (null when deleted). */
  onApplied?: (id: number, after: CalculatedField | null) => void;
  /** The instance's refusal of a field's change when it is sent (the item fails); none when undefined. */
  refusalOf?: (id: number) => ApiErrorBody | undefined;
  /** The status an expression leaves a field in (the analyzer's, passed in: api does not import it). */
  statusOf?: (expression: string) => string;
}

export const editor: Me = { person: 'demo', role: 'editor', canWrite: true };
export const reader: Me = { person: 'viewer', role: 'reader', canWrite: false };

/** For tests of pages that ask who the token is and change nothing: a reader. */
export const readerMe = http.get(journalPaths.me, () => HttpResponse.json(reader));
/** For tests of pages that ask who the token is and may change fields: an editor. */
export const editorMe = http.get(journalPaths.me, () => HttpResponse.json(editor));

/** A page of a set's items as the journal answers `GET change-sets/{id}/items?state&offset&limit`. */
export function itemsPageOf(detail: ChangeSetDetail, url: string): ChangeSetItemsPage {
  const query = new URL(url).searchParams;
  const state = query.get('state');
  const matching = detail.items.filter((item) => state === null || item.state === state);
  const offset = Number(query.get('offset') ?? 0);
  return {
    total: matching.length,
    items: matching.slice(offset, offset + Number(query.get('limit') ?? 200)),
  };
}

/** Holds each change set asked for field `id` (for any field when not given) until `answer` lets it go. */
export function heldChangeSets(answer: { hold(): Promise<void> }, id?: number) {
  return http.post(journalPaths.changeSets, async ({ request }) => {
    const asked = (await request.clone().json()) as ChangeSetRequest;
    if (id === undefined || asked.items.some((item) => item.id === id)) await answer.hold();
    // Answering nothing passes the request on to the journal's own handler.
  });
}

/**
 * The journal's API over fields held in memory, answering the contract's shapes:
 * enough of its rules (locked, used, changed since, invalid) for the app's dialogs.
 * `fields` is changed in place, so a test reads what a set did there.
 */
export function mockJournal(
  fields: Map<number, CalculatedField>,
  options: MockJournalOptions = {},
) {
  const sets: ChangeSetDetail[] = [];
  const readsLeft = new Map<number, number>();
  /** The changes asked for: each dry run's, and each started set's as it was confirmed. */
  const requests: ChangeSetRequest[] = [];
  /** How often GET /me was answered, and each kept plan's items by page. */
  const reads = { me: 0, planPages: 0 };
  /** Kept dry runs by id: the change asked for (or the set an undo undoes), and whether it is still kept. */
  const plans = new Map<number, Kept>();

  /** The undo that `id` names, as a field's history tells it. */
  function mentionOf(id: number | null): ChangeSetMention | null {
    const undo = id === null ? undefined : sets[id - 1]?.changeSet;
    return undo ? { changeSetId: undo.id, person: undo.person, at: undo.createdAt } : null;
  }

  function plan(request: ChangeSetRequest): Planned {
    const items = request.items.map(({ id, change, basedOn }): PlannedItem => {
      const before = fields.get(id) ?? null;
      const skip = (reason: PlannedItem['reason'], message: string): PlannedItem => ({
        id,
        name: before?.name ?? `Field ${id}`,
        action: 'skip',
        reason,
        message,
        before,
        after: before,
      });
      if (!before) return skip('not-found', `no calculated field has the id ${id}`);
      const locksOnly =
        'update' in change && Object.keys(change.update).every((key) => key === 'locked');
      const unlocks = 'update' in change && change.update.locked === false;
      if (before.locked && !unlocks && !locksOnly) return skip('locked', 'locked: unlock it first');
      if (basedOn?.checkSum !== undefined && basedOn.checkSum !== before.checkSum)
        return skip('changed-since', 'changed since you opened it');
      if ('update' in change && isSoAlready(before, change.update))
        return skip('no-change', 'it is so already');
      const usedBy = options.usedBy?.get(id);
      if ('delete' in change && usedBy && !request.allowUsed) return skip('used', usedBy);
      const after = applied(before, change, options.statusOf);
      const expressionChange = 'update' in change && change.update.expression !== undefined;
      if (expressionChange && after?.status === 'INVALID' && !request.allowInvalid)
        return skip('invalid', 'the expression would be INVALID');
      return { id, name: before.name, action: 'change', before, after };
    });
    const change = items.filter((item) => item.action === 'change').length;
    return { kind: request.kind, items, counts: { change, skip: items.length - change } };
  }

  function record(
    kind: ChangeKind,
    items: PlannedItem[],
    request: FieldChange[],
    undoOf = null as number | null,
  ) {
    const id = sets.length + 1;
    const changeItems: ChangeItem[] = items.map((item, index) => ({
      fieldId: item.id,
      fieldName: item.name,
      state: item.action === 'skip' ? 'skipped' : 'pending',
      reason: item.reason ?? null,
      message: item.message ?? null,
      error: null,
      change: request[index] ?? { delete: true },
      before: item.before,
      after: null,
    }));
    const detail: ChangeSetDetail = {
      changeSet: {
        id,
        kind,
        note: null,
        person: (options.me ?? editor).person,
        createdAt: 1_700_000_000_000 + id,
        finishedAt: null,
        state: 'running',
        counts: countsOf(changeItems),
        undoOf,
        undoneBy: null,
      },
      items: changeItems,
    };
    sets.push(detail);
    readsLeft.set(id, options.readsWhileRunning ?? 0);
    items.forEach((item, index) => {
      if (item.action !== 'change') return;
      const refusal = options.refusalOf?.(item.id);
      if (refusal) {
        changeItems[index] = { ...changeItems[index]!, state: 'failed', error: refusal };
        return;
      }
      if (item.after) fields.set(item.id, item.after);
      else fields.delete(item.id);
      options.onApplied?.(item.id, item.after);
      changeItems[index] = { ...changeItems[index]!, after: item.after };
    });
    if (undoOf !== null) sets[undoOf - 1]!.changeSet.undoneBy = id;
    if ((options.readsWhileRunning ?? 0) === 0) finish(detail);
    return detail;
  }

  /** A read of set `id`, its detail or its summary: the set runs for `readsWhileRunning` reads. */
  function readOnce(id: number): ChangeSetDetail | undefined {
    const detail = sets[id - 1];
    if (!detail) return undefined;
    const left = readsLeft.get(detail.changeSet.id) ?? 0;
    if (left <= 0) finish(detail);
    else readsLeft.set(detail.changeSet.id, left - 1);
    return detail;
  }

  function finish(detail: ChangeSetDetail) {
    detail.items = detail.items.map((item) =>
      item.state === 'pending' ? { ...item, state: 'applied' } : item,
    );
    detail.changeSet = {
      ...detail.changeSet,
      state: 'done',
      finishedAt: detail.changeSet.createdAt + 1,
      counts: countsOf(detail.items),
    };
  }

  /** Keeps a dry run: its counts and first items, as the journal answers them. */
  function keep(kept: ToKeep): KeptPlan {
    const id = plans.size + 1;
    plans.set(id, { ...kept, state: 'kept' });
    return {
      id,
      kind: kept.plan.kind,
      counts: kept.plan.counts,
      expiresAt: Date.now() + 3_600_000,
      items: kept.plan.items.slice(0, PLAN_FIRST_ITEMS),
    };
  }

  /** Records a kept undo: each field changed since its dry run left as it is. */
  function startUndo(undoOf: number, items: readonly PlannedItem[]) {
    const now = items.map((item): PlannedItem => {
      const changedSince = fields.get(item.id)?.checkSum !== item.before?.checkSum;
      if (item.action === 'skip' || !changedSince) return item;
      return { ...item, action: 'skip', reason: 'changed-since', message: 'changed since' };
    });
    return HttpResponse.json(record('undo', now, [], undoOf).changeSet);
  }

  /** The change as its kept plan confirms it: each item based on the version its dry run read. */
  function confirmed(kept: { request: ChangeSetRequest; plan: Planned }): ChangeSetRequest {
    return {
      ...kept.request,
      items: kept.request.items.map((item, index) => {
        const before = kept.plan.items[index]?.before;
        if (item.basedOn || !before) return item;
        return {
          ...item,
          basedOn: { checkSum: before.checkSum, lastModified: before.lastModified },
        };
      }),
    };
  }

  function start(request: ChangeSetRequest) {
    requests.push(request);
    const planned = plan(request);
    const changes = request.items.map((item) => item.change);
    return HttpResponse.json(record(request.kind, planned.items, changes).changeSet);
  }

  const handlers = [
    http.get(journalPaths.me, () => {
      reads.me += 1;
      return HttpResponse.json(options.me ?? editor);
    }),
    http.post(journalPaths.plans, async ({ request }) => {
      const body = (await request.json()) as ChangeSetRequest;
      requests.push(body);
      return HttpResponse.json(keep({ request: body, plan: plan(body) }));
    }),
    http.get(journalPaths.planItems(':id'), ({ params, request }) => {
      const kept = plans.get(Number(params.id));
      if (kept?.state !== 'kept') return planRefusal(kept?.state);
      reads.planPages += 1;
      const query = new URL(request.url).searchParams;
      const offset = Number(query.get('offset') ?? 0);
      return HttpResponse.json({
        total: kept.plan.items.length,
        items: kept.plan.items.slice(offset, offset + Number(query.get('limit') ?? 200)),
      });
    }),
    http.post(journalPaths.changeSets, async ({ request }) => {
      const body = (await request.json()) as ChangeSetRequest | { planId: number };
      if (!('planId' in body)) return start(body);
      const kept = plans.get(body.planId);
      if (kept?.state !== 'kept') return planRefusal(kept?.state);
      // As the journal asks the undo rule again at confirmation (another tab undid the set).
      const refusal = 'undoOf' in kept ? undoRefusal(sets[kept.undoOf - 1]!.changeSet) : undefined;
      if (refusal !== undefined)
        return HttpResponse.json(
          { status: 409, statusReason: 'Conflict', message: refusal, path: '' },
          { status: 409 },
        );
      kept.state = 'confirmed';
      if ('undoOf' in kept) return startUndo(kept.undoOf, kept.plan.items);
      return start(confirmed(kept));
    }),
    http.get(journalPaths.changeSets, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const fieldId = query.get('fieldId');
      const matching = sets
        .filter(
          (detail) =>
            fieldId === null || detail.items.some((item) => item.fieldId === Number(fieldId)),
        )
        .map((detail) => detail.changeSet)
        .reverse();
      return HttpResponse.json({
        total: matching.length,
        changeSets: matching.slice(0, Number(query.get('limit') ?? 50)),
      });
    }),
    http.get(journalPaths.changeSet(':id'), ({ params }) => {
      const detail = readOnce(Number(params.id));
      return detail ? HttpResponse.json(detail) : HttpResponse.json(notFound(), { status: 404 });
    }),
    http.get(journalPaths.items(':id'), ({ params, request }) => {
      const detail = sets[Number(params.id) - 1];
      return detail
        ? HttpResponse.json(itemsPageOf(detail, request.url))
        : HttpResponse.json(notFound(), { status: 404 });
    }),
    http.get(journalPaths.summary(':id'), ({ params }) => {
      const detail = readOnce(Number(params.id));
      return detail
        ? HttpResponse.json(detail.changeSet)
        : HttpResponse.json(notFound(), { status: 404 });
    }),
    http.post(journalPaths.undo(':id'), async ({ params, request }) => {
      const { dryRun } = (await request.json()) as { dryRun: boolean };
      const undone = sets[Number(params.id) - 1];
      if (!undone) return HttpResponse.json(notFound(), { status: 404 });
      const refusal = undoRefusal(undone.changeSet);
      if (refusal !== undefined)
        return HttpResponse.json(
          { status: 409, statusReason: 'Conflict', message: refusal, path: '' },
          { status: 409 },
        );
      const items = undone.items
        .filter((item) => item.state === 'applied')
        .map((item): PlannedItem => {
          const now = fields.get(item.fieldId) ?? null;
          const changedAgain = now?.checkSum !== item.after?.checkSum;
          return {
            id: item.fieldId,
            name: item.fieldName,
            action: changedAgain ? 'skip' : 'change',
            reason: changedAgain ? 'changed-since' : undefined,
            before: now,
            after: item.before,
          };
        });
      const change = items.filter((item) => item.action === 'change').length;
      const undoPlan: Planned = {
        kind: 'undo',
        items,
        counts: { change, skip: items.length - change },
      };
      const undoOf = undone.changeSet.id;
      if (dryRun) {
        const answer: UndoAnswer = { changeSet: null, plan: keep({ undoOf, plan: undoPlan }) };
        return HttpResponse.json(answer);
      }
      const detail = record('undo', items, [], undoOf);
      return HttpResponse.json({ changeSet: detail.changeSet, plan: null });
    }),
    http.post(journalPaths.cancel(':id'), ({ params }) => {
      const detail = sets[Number(params.id) - 1]!;
      detail.changeSet = { ...detail.changeSet, state: 'cancelled' };
      return HttpResponse.json(detail.changeSet);
    }),
    http.get(journalPaths.fieldHistory(':id'), ({ params }) =>
      HttpResponse.json({
        versions: sets.flatMap((detail) =>
          detail.items
            .filter((item) => item.fieldId === Number(params.id) && item.state === 'applied')
            .map((item) => ({
              changeSetId: detail.changeSet.id,
              kind: detail.changeSet.kind,
              person: detail.changeSet.person,
              at: detail.changeSet.createdAt,
              state: detail.changeSet.state,
              undoneBy: mentionOf(detail.changeSet.undoneBy),
              before: item.before,
              after: item.after,
              appliedFields: detail.items.filter((each) => each.state === 'applied').length,
            })),
        ),
      }),
    ),
    http.get(apiPaths.template(':id'), ({ params }) => {
      const field = fields.get(Number(params.id));
      return field ? HttpResponse.json(field) : HttpResponse.json(notFound(), { status: 404 });
    }),
  ];
  /** As an hour passing does: every kept plan expires. */
  const expirePlans = () => {
    for (const kept of plans.values()) kept.state = 'expired';
  };
  return { handlers, sets, requests, reads, expirePlans };
}

type PlanState = 'kept' | 'confirmed' | 'expired';

/** A dry run as the journal plans it, every item. */
interface Planned {
  kind: ChangeKind;
  items: PlannedItem[];
  counts: PlanCounts;
}

/** A dry run to keep: of a change set asked for, or of the undo of set `undoOf`. */
type ToKeep = ({ request: ChangeSetRequest } | { undoOf: number }) & { plan: Planned };
type Kept = ToKeep & { state: PlanState };

/** The journal's refusal of a plan no longer kept, or never kept for this person. */
function planRefusal(state: PlanState | undefined) {
  const [status, statusReason, message] =
    state === 'expired'
      ? [410, 'Gone', 'dry run has expired: run it again to confirm the change']
      : state === 'confirmed'
        ? [409, 'Conflict', 'dry run was confirmed already']
        : [404, 'Not Found', 'no dry run of yours has this id'];
  return HttpResponse.json({ status, statusReason, message, path: '' }, { status });
}

/** Whether the field has every value the update asks for already (the server's "no-change"). */
function isSoAlready(field: CalculatedField, update: Record<string, unknown>): boolean {
  return Object.entries(update).every(
    ([key, value]) => (field as unknown as Record<string, unknown>)[key] === value,
  );
}

/** The field as a change leaves it, with what the expression derives; null when deleted. */
function applied(
  field: CalculatedField,
  change: FieldChange,
  statusOf: (expression: string) => string = () => 'VALID',
): CalculatedField | null {
  if ('delete' in change) return null;
  const next = { ...field, ...change.update, checkSum: `${field.checkSum}+` };
  if (change.update.expression === undefined) return next;
  return { ...next, status: statusOf(change.update.expression) };
}

function countsOf(items: readonly ChangeItem[]) {
  const count = (state: ChangeItem['state']) => items.filter((item) => item.state === state).length;
  return {
    total: items.length,
    pending: count('pending'),
    applied: count('applied'),
    failed: count('failed'),
    skipped: count('skipped'),
    unknown: count('unknown'),
  };
}

function notFound() {
  return { status: 404, statusReason: 'Not Found', message: 'No such change set.', path: '' };
}
