import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { generateDemoInstance } from '../demo/generate-demo-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { compressionThresholdBytes } from './compression';
import { securityHeaders } from './security-headers';

const webRoot = mkdtempSync(join(tmpdir(), 'cfm-web-'));
const script = Buffer.from(`console.log(${JSON.stringify('the app '.repeat(400))});`);
const page = Buffer.from(`<!doctype html><title>app</title>${'<p>frame</p>'.repeat(200)}`);
/** At the highest quality, unlike on-the-fly compression, so the tests can tell which was sent. */
const scriptBrotli = brotliCompressSync(script);
const scriptGzip = gzipSync(script, { level: 9 });
const pageBrotli = brotliCompressSync(page);

let server: TestServer;
beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(webRoot, 'assets', 'app-1a2b.js.br'), scriptBrotli);
  writeFileSync(join(webRoot, 'assets', 'app-1a2b.js.gz'), scriptGzip);
  writeFileSync(join(webRoot, 'assets', 'plain-3c4d.js'), script);
  writeFileSync(join(webRoot, 'index.html'), page);
  writeFileSync(join(webRoot, 'index.html.br'), pageBrotli);
  // Enough fields for a page larger than the plugin's own limit for one-call compression.
  server = await startTestServer({
    webRoot,
    instance: generateDemoInstance({ fields: 200, seed: 3 }),
  });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return server.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

function search(limit: number, acceptEncoding: string) {
  return server.app.inject({
    method: 'POST',
    url: apiPaths.search,
    headers: { [TOKEN_HEADER]: TEST_TOKEN, 'accept-encoding': acceptEncoding },
    payload: { filters: [], sort: { field: 'id', ascending: true }, limit },
  });
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(headers[name]).toBe(value);
}

describe('the built web app is sent as the build compressed it', () => {
  it('sends the brotli variant to a browser that accepts brotli', async () => {
    const response = await get('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload).toEqual(scriptBrotli);
    expectSecurityHeaders(response.headers);
  });

  it('sends the gzip variant to a browser that accepts only gzip', async () => {
    const response = await get('/assets/app-1a2b.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload).toEqual(scriptGzip);
    expectSecurityHeaders(response.headers);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await get('/assets/app-1a2b.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(script);
    expectSecurityHeaders(response.headers);
  });

  it('sends the app shell for a client-side route compressed, never cached', async () => {
    const response = await get('/fields/12', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.rawPayload).toEqual(pageBrotli);
    expectSecurityHeaders(response.headers);
  });

  it('compresses a file the build left without variants on the fly', async () => {
    const response = await get('/assets/plain-3c4d.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload)).toEqual(script);
  });
});

describe('large API answers are compressed on the fly', () => {
  it('compresses a search answer larger than the threshold, in brotli or gzip as accepted', async () => {
    const plain = await search(5000, 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const brotli = await search(5000, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(String(brotliDecompressSync(brotli.rawPayload)))).toEqual(plain.json());
    expectSecurityHeaders(brotli.headers);

    const gzip = await search(5000, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(String(gunzipSync(gzip.rawPayload)))).toEqual(plain.json());
  });

  it('compresses with brotli at its fastest quality, which the answer waits for', async () => {
    const brotli = await search(5000, 'br');
    const body = brotliDecompressSync(brotli.rawPayload);
    // Brotli gives the same bytes for the same input and quality.
    const fastest = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect(brotli.rawPayload.equals(fastest)).toBe(true);
  });

  it('sends a large answer compressed in one piece, with its length', async () => {
    const brotli = await search(5000, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    // Larger than @fastify/compress ever compresses in one call by itself (64 kB).
    expect((await search(5000, 'identity')).rawPayload.length).toBeGreaterThan(64 * 1024);
    expect(brotli.headers['content-length']).toBe(String(brotli.rawPayload.length));
  });

  it('sends small answers as they are', async () => {
    const response = await search(1, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(response.headers['content-encoding']).toBeUndefined();
    expectSecurityHeaders(response.headers);
  });

  it('keeps the security headers on refusals', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: apiPaths.search,
      headers: { 'accept-encoding': 'br' },
      payload: { filters: [], sort: { field: 'id', ascending: true }, limit: 5000 },
    });
    expect(response.statusCode).toBe(401);
    expectSecurityHeaders(response.headers);
  });
});
