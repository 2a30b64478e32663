import { buildServiceBundle } from './service-bundle';

/** Vitest's global setup for the node tests: the service bundle that process tests start. */
export default function setup(): void {
  buildServiceBundle();
}
