import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Me, RecordedChange } from '../../contract/journal';
import { mayMakeChange } from '../../contract/who-may-change';
import { hashToken } from '../auth/token-hash';
import type { TokenStore } from '../auth/token-store';
import { ApiError, sendError } from './api-error';
import { isLockOnly } from './routes/bulk-items';
import { presentedToken } from './token-auth';

/**
 * Who made a request and whether they may write (docs/api.md, "Who may write"): the
 * one place the journal, `GET /me` and the write routes learn it. Never the token.
 */
export type WhoIs = (request: FastifyRequest) => Me;

/** Embedded mode: the token's name and role; a token store without roles makes every token an editor. */
export function embeddedWhoIs(tokens: Partial<Pick<TokenStore, 'identify'>>): WhoIs {
  return (request) => {
    if (!tokens.identify) return { person: 'developer', role: 'editor', canWrite: true };
    const holder = tokens.identify(presentedToken(request));
    const role = holder?.role ?? 'reader';
    return { person: holder?.name ?? 'unknown', role, canWrite: role === 'editor' };
  };
}

/**
 * Proxy mode: the instance decides what a token may do, so every token is an editor
 * here; a person is a short hash of the token. With a token the server holds,
 * writes need `allowWrites` (anyone who reaches the server acts with that token).
 */
export function proxyWhoIs(heldToken: string | undefined, allowWrites: boolean): WhoIs {
  return (request) => ({
    person: personOfToken(heldToken ?? presentedToken(request)),
    role: 'editor',
    canWrite: heldToken === undefined || allowWrites,
  });
}

/** A name for a token that cannot be turned back into it: 12 hex digits of its SHA-256. */
export function personOfToken(token: string): string {
  return `token ${hashToken(token).toString('hex').slice(0, 12)}`;
}

/** Whether a person may make this change (the rule: contract/who-may-change.ts). */
export function mayChange(me: Pick<Me, 'role' | 'canWrite'>, change: RecordedChange): boolean {
  return mayMakeChange(me, 'update' in change && isLockOnly(change.update));
}

export function writeRefusal(me: Me): ApiError {
  return new ApiError(
    403,
    me.role === 'reader'
      ? 'this token is a reader: it may search, audit and export, not change fields; ask for an editor token'
      : 'this server does not send writes with the token it holds; start it with --allow-writes',
  );
}

/**
 * Refuses, with 403 in the error shape, each request `isWrite` names from a person
 * who may not write; registered after authentication, so the person is known.
 */
export function refuseWritesWithout(
  api: FastifyInstance,
  whoIs: WhoIs,
  isWrite: (request: FastifyRequest) => boolean,
): void {
  api.addHook('onRequest', async (request, reply) => {
    if (!isWrite(request)) return;
    const me = whoIs(request);
    if (!me.canWrite) return sendError(request, reply, writeRefusal(me));
  });
}
