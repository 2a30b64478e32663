import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../contract/app-config';
import { APP_CONFIG_PATH } from '../../../contract/paths';

export function registerAppConfigRoute(app: FastifyInstance, config: AppConfig): void {
  app.get(APP_CONFIG_PATH, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return config;
  });
}
