import type { TokenStore } from '../auth/token-store';
import type { EmbeddedApi } from './embedded-api';
import type { InstanceTokenJudgeOptions } from './proxy/instance-token-judge';
import { InstanceTokenJudge } from './proxy/instance-token-judge';
import type { ProxiedApi } from './proxy/proxied-api';
import type { TokenJudge } from './token-auth';

/** Embedded mode: the store's own tokens, and nothing else, are valid. */
export function storeTokenJudge(tokens: Pick<TokenStore, 'verify'>): TokenJudge {
  return {
    known: (token) => (token === '' ? 'missing' : tokens.verify(token) ? 'valid' : 'invalid'),
  };
}

/** Proxy mode with a token the server holds: every request acts with that token. */
const heldTokenJudge: TokenJudge = { known: () => 'valid' };

/**
 * The token policy of each mode, in one place: every API this server answers (the
 * calculated-field API and the audit) judges tokens with the one judge made here.
 */
export function tokenJudgeOf(
  api: EmbeddedApi | ProxiedApi,
  options: InstanceTokenJudgeOptions = {},
): TokenJudge {
  if (api.kind === 'embedded') return storeTokenJudge(api.tokens);
  if (api.heldToken !== undefined) return heldTokenJudge;
  return new InstanceTokenJudge(api, options);
}
