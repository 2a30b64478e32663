import { describe, expect, it } from 'vitest';
import { accessSettings } from './access-options';

describe('access options', () => {
  it('allow no other host and keep the default trust window unless told', () => {
    expect(accessSettings({}, {})).toEqual({ allowedHosts: [] });
  });

  it('read allowed hosts, with a port or without, from options or the environment', () => {
    expect(
      accessSettings({ allowedHosts: ['Fields.Example.com', 'proxy.example.com:8443'] }, {}),
    ).toEqual({
      allowedHosts: [
        { hostname: 'fields.example.com' },
        { hostname: 'proxy.example.com', port: 8443 },
      ],
    });
    expect(accessSettings({}, { ALLOWED_HOSTS: 'a.example, [::1]:9000' }).allowedHosts).toEqual([
      { hostname: 'a.example' },
      { hostname: '[::1]', port: 9000 },
    ]);
  });

  it('refuse an address where a host name belongs', () => {
    for (const host of ['https://fields.example.com', 'a.example/admin', 'user@a.example', '']) {
      expect(() => accessSettings({ allowedHosts: [host] }, {})).toThrow(/--allowed-host takes/);
    }
  });

  it('read how long an accepted token is trusted, from 0s to 1h', () => {
    expect(accessSettings({ tokenTrust: '30s' }, {}).tokenTrustMs).toBe(30_000);
    expect(accessSettings({}, { TOKEN_TRUST: '0s' }).tokenTrustMs).toBe(0);
    expect(() => accessSettings({ tokenTrust: '2h' }, {})).toThrow(/--token-trust takes/);
    expect(() => accessSettings({ tokenTrust: '5' }, {})).toThrow(/from 0s to 1h/);
  });
});
