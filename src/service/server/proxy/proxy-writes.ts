import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BulkItemResult, BulkTemplateResponse } from '../../../contract/bulk-template';
import { bulkTemplateResponseSchema } from '../../../contract/bulk-template';
import type { CalculatedField } from '../../../contract/field';
import { calculatedFieldSchema } from '../../../contract/field';
import { apiPaths, apiRoutes, TOKEN_HEADER } from '../../../contract/paths';
import { createRequestSchema, editableProperties } from '../../../contract/template-writes';
import type { UpdateRequest } from '../../../contract/template-writes';
import { validateFormulasRequestSchema } from '../../../contract/validate-formulas';
import { ApiError, errorBody } from '../api-error';
import type { FieldsMoved } from '../fields-moved';
import type { BulkItem } from '../routes/bulk-items';
import { BULK_TEMPLATE_BODY_LIMIT, isLockOnly, readBulkItems } from '../routes/bulk-items';
import { parsePutBody } from '../routes/put-body';
import { presentedToken } from '../token-auth';
import type { TokenAuth } from '../token-auth';
import { parseFieldIdOrThrow, parseOrThrow } from '../validate';
import type { ProxiedApi } from './proxied-api';
import { fetchUnreachable, upstreamFailure } from './upstream-errors';
import { fewAtOnce } from '../../upstream/few-at-once';

/** Fields read back at once when a bulk call is verified. */
const READS_AT_ONCE = 4;

export interface ProxyWriteOptions {
  api: ProxiedApi;
  timeoutMs: number;
  auth: TokenAuth;
  onFieldsMoved?: FieldsMoved;
}

interface UpstreamAnswer {
  status: number;
  text: string;
}

/** Parses an answer's text as a field, or undefined when it is not one (an empty 2xx). */
function fieldIn(text: string): CalculatedField | undefined {
  try {
    const parsed = calculatedFieldSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** An answer's text as a JSON object, or undefined. */
function objectIn(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a field read back shows what an update item asked. */
function showsUpdate(field: CalculatedField, request: UpdateRequest): boolean {
  if (request.locked !== undefined && field.locked !== request.locked) return false;
  return editableProperties.every(
    (property) => request[property] === undefined || field[property] === request[property],
  );
}

const unconfirmed = (path: string) =>
  errorBody(502, 'the instance did not confirm this change; read the field again', path);

/**
 * Production's writes, forwarded (docs/proxy.md, "Writes"): each body is validated
 * with the contract's schemas first, sent as this server serializes it, to a path
 * it writes itself from validated ids. A field the instance answers with goes to
 * the audit's copy at once; a bulk call, whose answer production does not
 * document, is verified by reading each changed field again. With a token the
 * server holds, anything but a lock or unlock is refused unless writes are allowed.
 */
export function registerProxyWrites(routes: FastifyInstance, options: ProxyWriteOptions): void {
  const { api, timeoutMs, auth } = options;
  const basePath = api.upstream.pathname.replace(/\/+$/, '');
  const moved = options.onFieldsMoved ?? (() => {});

  const refuseUnlessAllowed = () => {
    if (api.heldToken !== undefined && !api.allowWrites) {
      throw new ApiError(
        403,
        'this server holds the instance token and was started without --allow-writes: it only locks and unlocks',
      );
    }
  };

  /** One request to the instance; a failure becomes the error shape, as every forwarded route's. */
  const send = async (
    request: FastifyRequest,
    method: string,
    apiPath: string,
    body?: unknown,
  ): Promise<UpstreamAnswer> => {
    const token = api.heldToken ?? presentedToken(request);
    let response: Response;
    try {
      response = await fetch(new URL(`${basePath}${apiPath}`, api.upstream.origin), {
        method,
        headers: {
          accept: 'application/json',
          [TOKEN_HEADER]: token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw fetchUnreachable(error, timeoutMs);
    }
    const text = await response.text();
    if (response.ok) {
      if (api.heldToken === undefined) auth.instanceAccepted(token);
      return { status: response.status, text };
    }
    if (response.status === 401) auth.instanceRefused(token, request.ip);
    throw upstreamFailure(response.status, text.slice(0, 64 * 1024), {
      retryAfter: response.headers.get('retry-after') ?? undefined,
      sentToken: token,
    });
  };

  /** A field read again from the instance; undefined when it has none of that id. */
  const readBack = async (request: FastifyRequest, id: number) => {
    try {
      return fieldIn((await send(request, 'GET', apiPaths.readField(id))).text);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  };

  routes.put<{ Params: { id: string } }>(apiRoutes.template, async (request) => {
    const id = parseFieldIdOrThrow(request.params.id);
    const body = parsePutBody(request.body);
    if (body.kind === 'update') refuseUnlessAllowed();
    const answer = await send(request, 'PUT', apiPaths.template(id), request.body);
    const field = fieldIn(answer.text) ?? (await readBack(request, id));
    if (!field) throw new ApiError(502, 'the instance did not answer the field it changed');
    moved([field], []);
    return field;
  });

  routes.post(apiRoutes.templates, async (request) => {
    parseOrThrow(createRequestSchema, request.body);
    refuseUnlessAllowed();
    const answer = await send(request, 'POST', apiPaths.templates, request.body);
    const field = fieldIn(answer.text);
    if (!field) throw new ApiError(502, 'the instance did not answer the field it created');
    moved([field], []);
    return field;
  });

  routes.delete<{ Params: { id: string } }>(apiRoutes.template, async (request, reply) => {
    const id = parseFieldIdOrThrow(request.params.id);
    refuseUnlessAllowed();
    await send(request, 'DELETE', apiPaths.template(id));
    moved([], [id]);
    return reply.code(204).send();
  });

  routes.post(apiRoutes.validateFormulas, async (request) => {
    parseOrThrow(validateFormulasRequestSchema, request.body);
    const answer = await send(request, 'POST', apiPaths.validateFormulas, request.body);
    // Passed on as this server writes it, never as the instance sent it.
    const verdicts = objectIn(answer.text);
    if (!verdicts) throw new ApiError(502, 'the instance did not answer the formulas checked');
    return verdicts;
  });

  routes.post(apiRoutes.bulkTemplate, { bodyLimit: BULK_TEMPLATE_BODY_LIMIT }, async (request) => {
    const items = readBulkItems(request.body);
    const locksOnly = items.every(
      (item) => item.operation === 'update' && isLockOnly(item.request),
    );
    if (!locksOnly) refuseUnlessAllowed();
    const answer = await send(request, 'POST', apiPaths.bulkTemplate, request.body);
    const listed = answeredResults(answer.text);
    if (listed) {
      moved(
        listed.flatMap((result) => ('field' in result ? [result.field] : [])),
        listed.flatMap((result) =>
          result.operation === 'delete' && result.status < 300 && result.id !== null
            ? [result.id]
            : [],
        ),
      );
      return { results: listed };
    }
    const results = await verifyEach(items, (id) => readBack(request, id));
    moved(
      results.flatMap((result) => ('field' in result ? [result.field] : [])),
      results.flatMap((result) => (result.status === 204 && result.id !== null ? [result.id] : [])),
    );
    return { results } satisfies BulkTemplateResponse;
  });
}

/** The instance's per-item answer when it is in this project's shape; undefined otherwise. */
function answeredResults(text: string): BulkItemResult[] | undefined {
  try {
    const parsed = bulkTemplateResponseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.results : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each item's outcome as the instance now shows it: an update whose field reads back
 * as asked, a delete whose field is gone. A new field cannot be found by id, so a
 * create is answered as unconfirmed.
 */
async function verifyEach(
  items: readonly BulkItem[],
  read: (id: number) => Promise<CalculatedField | undefined>,
): Promise<BulkItemResult[]> {
  return fewAtOnce(items, READS_AT_ONCE, async (item): Promise<BulkItemResult> => {
    const { operation, index } = item;
    if (item.operation === 'create') {
      const status = 502;
      return { operation, index, id: null, status, error: unconfirmed(apiPaths.templates) };
    }
    const path = apiPaths.template(item.id);
    const field = await read(item.id);
    if (item.operation === 'delete') {
      return field
        ? { operation, index, id: item.id, status: 502, error: unconfirmed(path) }
        : { operation, index, id: item.id, status: 204 };
    }
    if (field && showsUpdate(field, item.request)) {
      return { operation, index, id: item.id, status: 200, field };
    }
    return { operation, index, id: item.id, status: 502, error: unconfirmed(path) };
  });
}
