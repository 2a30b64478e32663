import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServiceBundle } from './service-bundle';

/**
 * Vitest's global setup for the node tests: the service bundle that process tests
 * start, whose audit worker every test's audit runs too (audit/worker/audit-thread.ts).
 * Not in watch mode, where the bundle would miss later edits of the worker's code.
 */
export default function setup(project: TestProject): void {
  buildServiceBundle();
  if (!project.config.watch)
    process.env.AUDIT_WORKER_BUNDLE = resolve('dist-server/audit-worker.mjs');
}
