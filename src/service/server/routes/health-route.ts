import type { FastifyInstance } from 'fastify';

/** For process managers: alive, and in which mode. */
export function registerHealthRoute(
  app: FastifyInstance,
  describe: () => Promise<object> | object,
): void {
  app.get('/healthz', async () => ({ status: 'ok', ...(await describe()) }));
}
