import { afterEach, describe, expect, it } from 'vitest';
import { endRejectedSession, endSession, startSession } from '../api/session';
import { createQueryClient } from './query-client';

afterEach(() => endSession());

describe('the query cache and the session', () => {
  it('forgets what one token fetched when that token is refused, before another signs in', () => {
    startSession('token-of-ana', false);
    const client = createQueryClient();
    client.setQueryData(['fields', 'gathered'], { fields: ['ana can see this'] });
    client.setQueryData(['fields', 'statistics'], { total: 12 });

    endRejectedSession();
    expect(client.getQueryCache().getAll()).toEqual([]);

    startSession('token-of-ben', false);
    expect(client.getQueryData(['fields', 'gathered'])).toBeUndefined();
  });

  it('forgets on sign-out and on a switch to another token, and keeps data within one session', () => {
    startSession('token-of-ana', false);
    const client = createQueryClient();
    client.setQueryData(['fields', 'statistics'], { total: 12 });
    startSession('token-of-ana', true);
    expect(client.getQueryData(['fields', 'statistics'])).toEqual({ total: 12 });

    startSession('token-of-ben', false);
    expect(client.getQueryData(['fields', 'statistics'])).toBeUndefined();

    client.setQueryData(['fields', 'statistics'], { total: 3 });
    endSession();
    expect(client.getQueryData(['fields', 'statistics'])).toBeUndefined();
  });
});
