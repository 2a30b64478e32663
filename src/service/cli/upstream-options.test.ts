import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heldTokenWritesLine, upstreamOptions } from './upstream-options';

const dir = mkdtempSync(join(tmpdir(), 'cfm-upstream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('proxy options', () => {
  it('are off without an upstream', () => {
    expect(upstreamOptions({}, {})).toBeUndefined();
  });

  it('read the address and timeout from options or the environment', () => {
    expect(upstreamOptions({ upstream: 'https://acme.example.com' }, {})).toEqual({
      kind: 'proxy',
      upstream: new URL('https://acme.example.com'),
      timeoutMs: 15_000,
    });
    expect(
      upstreamOptions(
        {},
        {
          UPSTREAM_URL: 'http://127.0.0.1:9000',
          UPSTREAM_TIMEOUT_MS: '500',
          UPSTREAM_TOKEN: ' t0k3n ',
        },
      ),
    ).toEqual({
      kind: 'proxy',
      upstream: new URL('http://127.0.0.1:9000'),
      timeoutMs: 500,
      heldToken: 't0k3n',
      allowWrites: false,
    });
  });

  it('allow writes only when asked, and only for a server that holds a token', () => {
    const held = { UPSTREAM_TOKEN: 't0k3n' };
    const upstream = 'https://acme.example.com';
    expect(upstreamOptions({ upstream, allowWrites: true }, held)?.allowWrites).toBe(true);
    expect(() => upstreamOptions({ upstream, allowWrites: true }, {})).toThrow(
      /--allow-writes is for a server that holds the instance token/,
    );
    const say = (allowWrites: boolean, env: Record<string, string>) =>
      heldTokenWritesLine(upstreamOptions({ upstream, allowWrites }, env)!);
    expect(say(false, held)).toMatch(/only lock and unlock .* start with --allow-writes/);
    expect(say(true, held)).toMatch(/updates, creates and deletes are forwarded/);
    expect(say(false, {})).toBeUndefined();
  });

  it('refuse an address that is not a plain http(s) base', () => {
    expect(() => upstreamOptions({ upstream: 'not a url' }, {})).toThrow(
      /--upstream must be an http\(s\) address/,
    );
    expect(() => upstreamOptions({ upstream: 'ftp://acme.example.com' }, {})).toThrow(
      /must use http or https/,
    );
    expect(() => upstreamOptions({ upstream: 'https://user:secret@acme.example.com' }, {})).toThrow(
      /no credentials/,
    );
  });

  it('read a held token from a file only its owner can read', () => {
    const file = join(dir, 'token');
    writeFileSync(file, 'from-file-token\n');
    chmodSync(file, 0o644);
    expect(() =>
      upstreamOptions({ upstream: 'https://a.example.com', tokenFile: file }, {}),
    ).toThrow(/can be read by other users; run: chmod 600/);
    chmodSync(file, 0o600);
    expect(
      upstreamOptions({ upstream: 'https://a.example.com', tokenFile: file }, {})?.heldToken,
    ).toBe('from-file-token');
    expect(() =>
      upstreamOptions({ upstream: 'https://a.example.com', tokenFile: join(dir, 'missing') }, {}),
    ).toThrow(/cannot be read/);
  });
});
