import type { AcceptedTokens } from '../../auth/accepted-tokens';
import { instanceAcceptsToken } from '../../upstream/instance-accepts-token';
import { UpstreamError } from '../../upstream/upstream-client';
import { ApiError } from '../api-error';
import type { TokenVerdict } from '../token-auth';
import type { ProxiedApi } from './proxied-api';

/**
 * The verdict on a token for answers this server gives from the instance's data
 * itself (the audit, searches of the snapshot): a token not seen accepted lately
 * is put to the instance before anything is answered, and the answer is
 * remembered (as a hash, briefly) like the proxy's own.
 */
export function instanceTokenJudge(api: ProxiedApi, accepted: AcceptedTokens) {
  return async (token: string): Promise<TokenVerdict> => {
    if (api.heldToken !== undefined) return 'valid';
    if (token === '') return 'missing';
    if (accepted.has(token)) return 'valid';
    let accepts: boolean;
    try {
      accepts = await instanceAcceptsToken(api.upstream, token, api.timeoutMs ?? 15_000);
    } catch (error) {
      const reason = error instanceof UpstreamError ? error.message : 'no answer';
      throw new ApiError(502, `the token could not be checked with the instance: ${reason}`);
    }
    if (!accepts) return 'invalid';
    accepted.remember(token);
    return 'valid';
  };
}
