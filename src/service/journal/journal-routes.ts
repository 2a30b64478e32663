import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  JOURNAL_BASE,
  changeSetQuerySchema,
  changeSetRequestSchema,
  journalPaths,
} from '../../contract/journal';
import { ApiError } from '../server/api-error';
import { JOURNAL_BODY_LIMIT_BYTES } from '../server/limits';
import { parseFieldIdOrThrow, parseOrThrow } from '../server/validate';
import type { WhoIs } from '../server/who-is';
import { writeRefusal } from '../server/who-is';
import { presentedToken } from '../server/token-auth';
import type { Caller, Journal } from './journal';

const undoRequestSchema = z.strictObject({ dryRun: z.boolean().optional() });
const noBodySchema = z.strictObject({}).optional();

/** A route path relative to the journal's base path. */
const route = (path: string) => path.slice(JOURNAL_BASE.length);

function setIdOf(raw: string): number {
  const id = Number(raw);
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) {
    throw new ApiError(
      400,
      `a change set id is a positive integer (got ${JSON.stringify(raw.slice(0, 40))})`,
      [{ field: 'id', message: 'must be a positive integer' }],
    );
  }
  return id;
}

type WithId = { Params: { id: string } };

/**
 * The journal's routes (docs/api.md, "The journal"), relative to its base path.
 * Every route reads; a dry run only reads; the rest need a person who may write.
 */
export function registerJournalRoutes(
  api: FastifyInstance,
  options: { journal?: Journal; whoIs: WhoIs },
): void {
  const { whoIs } = options;
  api.get(route(journalPaths.me), async (request) => whoIs(request));
  const { journal } = options;
  if (!journal) return;
  const caller = (request: FastifyRequest): Caller => ({
    me: whoIs(request),
    token: presentedToken(request),
  });
  const writer = (request: FastifyRequest): Caller => {
    const asking = caller(request);
    if (!asking.me.canWrite) throw writeRefusal(asking.me);
    return asking;
  };

  const large = { bodyLimit: JOURNAL_BODY_LIMIT_BYTES };
  api.post(route(journalPaths.plans), large, async (request) =>
    journal.plan(parseOrThrow(changeSetRequestSchema, request.body), caller(request)),
  );
  api.post(route(journalPaths.changeSets), large, async (request, reply) => {
    const asking = writer(request);
    const summary = await journal.start(parseOrThrow(changeSetRequestSchema, request.body), asking);
    return reply.code(202).send(summary);
  });
  api.get(route(journalPaths.changeSets), async (request) =>
    journal.list(parseOrThrow(changeSetQuerySchema, request.query)),
  );
  api.get<WithId>(route(journalPaths.changeSet(':id')), async (request) =>
    journal.detail(setIdOf(request.params.id)),
  );
  api.post<WithId>(route(journalPaths.cancel(':id')), async (request) => {
    writer(request);
    parseOrThrow(noBodySchema, request.body);
    return journal.cancel(setIdOf(request.params.id));
  });
  api.post<WithId>(route(journalPaths.retry(':id')), async (request, reply) => {
    const asking = writer(request);
    parseOrThrow(noBodySchema, request.body);
    return reply.code(202).send(journal.retry(setIdOf(request.params.id), asking));
  });
  api.post<WithId>(route(journalPaths.check(':id')), async (request) => {
    const asking = writer(request);
    parseOrThrow(noBodySchema, request.body);
    return journal.check(setIdOf(request.params.id), asking);
  });
  api.post<WithId>(route(journalPaths.undo(':id')), async (request, reply) => {
    const { dryRun = false } = parseOrThrow(undoRequestSchema, request.body ?? {});
    const asking = dryRun ? caller(request) : writer(request);
    const answer = await journal.undo(setIdOf(request.params.id), dryRun, asking);
    return dryRun ? answer : reply.code(202).send(answer);
  });
  api.get<WithId>(route(journalPaths.fieldHistory(':id')), async (request) =>
    journal.history(parseFieldIdOrThrow(request.params.id)),
  );
}
