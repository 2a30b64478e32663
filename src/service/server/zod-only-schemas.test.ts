import { afterEach, expect, it } from 'vitest';
import type { Stores } from '../store/open-store';
import { openStore } from '../store/open-store';
import { buildEmbeddedServer } from '../test-support/embedded-server';

let stores: Stores | undefined;
afterEach(() => stores?.close());

// Fastify's schema compilers are not set up (they cost start-up time), so a schema
// would go unchecked: the server refuses it instead of answering unvalidated input.
it('refuses a route that declares a Fastify schema, naming the route', async () => {
  stores = openStore(':memory:');
  const app = await buildEmbeddedServer(stores);
  app.post(
    '/schema-route',
    { schema: { body: { type: 'object', required: ['name'] } } },
    async () => 'accepted',
  );
  // Fastify wraps the compiler's error in its own, keeping the message.
  await expect(app.ready()).rejects.toThrow(/POST \/schema-route declares a Fastify schema.*zod/);
  await app.close();
});
