import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  JOURNAL_BASE,
  changeSetItemsQuerySchema,
  changeSetQuerySchema,
  changeSetRequestSchema,
  journalPaths,
  planConfirmationSchema,
  planItemsQuerySchema,
} from '../../contract/journal';
import type { RecordedChange } from '../../contract/journal';
import { ApiError } from '../server/api-error';
import { JOURNAL_BODY_LIMIT_BYTES } from '../server/limits';
import { parseFieldIdOrThrow, parseOrThrow } from '../server/validate';
import type { WhoIs } from '../server/who-is';
import { mayChange, writeRefusal } from '../server/who-is';
import { presentedToken } from '../server/token-auth';
import type { Caller, Journal } from './journal';
import type { FieldsNow } from './only-fields-now';
import { withOnlyFieldsNow } from './only-fields-now';

const undoRequestSchema = z.strictObject({ dryRun: z.boolean().optional() });
const noBodySchema = z.strictObject({}).optional();

/** A route path relative to the journal's base path. */
const route = (path: string) => path.slice(JOURNAL_BASE.length);

function idOf(raw: string, what: 'change set' | 'dry run'): number {
  const id = Number(raw);
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) {
    throw new ApiError(
      400,
      `a ${what} id is a positive integer (got ${JSON.stringify(raw.slice(0, 40))})`,
      [{ field: 'id', message: 'must be a positive integer' }],
    );
  }
  return id;
}

const setIdOf = (raw: string) => idOf(raw, 'change set');

/** A start that confirms a kept plan names it alone; any other is a change set's request. */
const confirmsPlan = (body: unknown) =>
  typeof body === 'object' && body !== null && 'planId' in body;

type WithId = { Params: { id: string } };

/**
 * The journal's routes (docs/api.md, "The journal"), relative to its base path.
 * Every route reads; a dry run only reads; the rest need a person who may write.
 */
export function registerJournalRoutes(
  api: FastifyInstance,
  options: { journal?: Journal; whoIs: WhoIs; fieldsNow?: FieldsNow },
): void {
  const { whoIs } = options;
  api.get(route(journalPaths.me), async (request) => whoIs(request));
  const { journal } = options;
  if (!journal) return;
  const caller = (request: FastifyRequest): Caller => ({
    me: whoIs(request),
    token: presentedToken(request),
  });
  /** The caller, when an editor who may make each of these changes (locks need no more). */
  const writer = (request: FastifyRequest, changes: readonly RecordedChange[]): Caller => {
    const asking = caller(request);
    const allowed =
      asking.me.role === 'editor' && changes.every((change) => mayChange(asking.me, change));
    if (!allowed) throw writeRefusal(asking.me);
    return asking;
  };
  /** The caller, when they may make every change of set `id` (and so undo, retry or cancel it). */
  const writerOfSet = (request: FastifyRequest, id: number) =>
    writer(request, journal.changesOf(id));

  const large = { bodyLimit: JOURNAL_BODY_LIMIT_BYTES };
  api.post(route(journalPaths.plans), large, async (request) =>
    journal.plan(parseOrThrow(changeSetRequestSchema, request.body), caller(request)),
  );
  api.get<WithId>(route(journalPaths.planItems(':id')), async (request) =>
    journal.planItems(
      idOf(request.params.id, 'dry run'),
      parseOrThrow(planItemsQuerySchema, request.query),
      caller(request),
    ),
  );
  api.post(route(journalPaths.changeSets), large, async (request, reply) => {
    if (confirmsPlan(request.body)) {
      const { planId } = parseOrThrow(planConfirmationSchema, request.body);
      const asking = writer(request, journal.changesOfPlan(planId, caller(request)));
      return reply.code(202).send(await journal.startPlanned(planId, asking));
    }
    const asked = parseOrThrow(changeSetRequestSchema, request.body);
    const asking = writer(
      request,
      asked.items.map((item) => item.change),
    );
    return reply.code(202).send(await journal.start(asked, asking));
  });
  api.get(route(journalPaths.changeSets), async (request) => {
    const list = journal.list(parseOrThrow(changeSetQuerySchema, request.query));
    return options.fieldsNow ? withOnlyFieldsNow(list, options.fieldsNow) : list;
  });
  api.get<WithId>(route(journalPaths.changeSet(':id')), async (request) =>
    journal.detail(setIdOf(request.params.id)),
  );
  api.get<WithId>(route(journalPaths.items(':id')), async (request) =>
    journal.itemsPage(
      setIdOf(request.params.id),
      parseOrThrow(changeSetItemsQuerySchema, request.query),
    ),
  );
  api.get<WithId>(route(journalPaths.summary(':id')), async (request) =>
    journal.summary(setIdOf(request.params.id)),
  );
  api.post<WithId>(route(journalPaths.cancel(':id')), async (request) => {
    const id = setIdOf(request.params.id);
    writerOfSet(request, id);
    parseOrThrow(noBodySchema, request.body);
    return journal.cancel(id);
  });
  api.post<WithId>(route(journalPaths.retry(':id')), async (request, reply) => {
    const id = setIdOf(request.params.id);
    const asking = writerOfSet(request, id);
    parseOrThrow(noBodySchema, request.body);
    return reply.code(202).send(journal.retry(id, asking));
  });
  api.post<WithId>(route(journalPaths.check(':id')), async (request) => {
    const id = setIdOf(request.params.id);
    const asking = writerOfSet(request, id);
    parseOrThrow(noBodySchema, request.body);
    return journal.check(id, asking);
  });
  api.post<WithId>(route(journalPaths.undo(':id')), async (request, reply) => {
    const id = setIdOf(request.params.id);
    const { dryRun = false } = parseOrThrow(undoRequestSchema, request.body ?? {});
    const asking = dryRun ? caller(request) : writerOfSet(request, id);
    const answer = await journal.undo(id, dryRun, asking);
    return dryRun ? answer : reply.code(202).send(answer);
  });
  api.get<WithId>(route(journalPaths.fieldHistory(':id')), async (request) =>
    journal.history(parseFieldIdOrThrow(request.params.id)),
  );
}
