// Runs before every test file. Test files share their worker (`isolate: false` in
// vite.config.ts) because a fresh process for each file cost more than the tests
// themselves (docs/testing.md). So that no file sees what another left behind,
// each one starts with the project's modules loaded afresh, real timers, no stubs
// and, in the browser-code project, empty storage, an empty page and the first address.
import { vi } from 'vitest';

vi.resetModules();
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

if (typeof window !== 'undefined') {
  window.sessionStorage.clear();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
}
