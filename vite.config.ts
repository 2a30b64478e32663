/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entrySizeBudget, firstScreenBudget } from './scripts/vite/entry-size-budget.ts';
import { appShellScrollClass } from './scripts/vite/app-shell-scroll-class.ts';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { fieldsPageChunkNames, firstScreenChunks } from './scripts/vite/first-screens-chunk.ts';
import { precompressAssets } from './scripts/vite/precompress-assets.ts';

// `npm run dev` serves the app with hot reload and sends API calls to a service
// started separately with `npm start` (default port 4500).
const servicePort = process.env.SERVICE_PORT ?? '4500';
const service = `http://127.0.0.1:${servicePort}`;

export default defineConfig({
  plugins: [
    react(),
    appShellScrollClass(),
    entrySizeBudget(),
    firstScreenBudget(),
    compileHints(fieldsPageChunkNames),
    precompressAssets(),
  ],
  server: {
    proxy: {
      '/api': {
        target: service,
        // The service answers only to its own host name and origin (docs/api.md,
        // "Requests from other sites"): a request the app made on this dev server's own
        // origin is passed on as one made on the service's.
        changeOrigin: true,
        configure: (proxy) =>
          proxy.on('proxyReq', (proxyRequest, request) => {
            if (request.headers.origin === `http://${request.headers.host}`)
              proxyRequest.setHeader('origin', service);
          }),
      },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // The entry is then one chunk (first-screens-chunk.ts), which index.html loads itself,
    // with no chunk of its own left for the polyfill (browsers without modulepreload
    // only lose the early fetch of the pages' files).
    modulePreload: { polyfill: false },
    // Every style sheet in one file, loaded with the entry (30 kB of Mantine's and 4.5 kB
    // brotli of the pages'): the fields page then fetches four files, not six, and its
    // first search, sent as they load, finds one of the browser's six connections free
    // rather than waiting for one (bench/results/first-screen.md).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The fields page shows notices through this store; left to itself, the bundler
            // put the store in one chunk with the notices' container and its transitions,
            // which the page then loaded before its first rows (bench/results/first-screen.md).
            {
              name: 'notifications-store',
              test: /node_modules[\\/]@mantine[\\/](?:notifications[\\/]esm[\\/]notifications\.store|store[\\/])/,
              // Its own modules only: React, which it imports, stays where the entry has it.
              includeDependenciesRecursively: false,
            },
            ...firstScreenChunks(import.meta.dirname),
          ],
        },
      },
    },
  },
  test: {
    // Test files share a worker instead of each starting a fresh process with its own
    // DOM: that start cost about 2 s of CPU per file, more than most files' tests.
    // src/test-isolation.ts gives every file fresh modules and a clean page instead.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/service/**/*.test.ts',
            'src/analysis/**/*.test.ts',
            'src/contract/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['src/test-isolation.ts'],
          // Builds the service bundle that tests of real processes start with node.
          globalSetup: ['src/service/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-code',
          // happy-dom rather than jsdom: the same tests for about a sixth less CPU
          // (bench/results/test-suite.md).
          environment: 'happy-dom',
          include: [
            'src/api/**/*.test.{ts,tsx}',
            'src/app/**/*.test.{ts,tsx}',
            'src/components/**/*.test.{ts,tsx}',
            'src/links/**/*.test.{ts,tsx}',
            'src/features/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['src/test-isolation.ts', 'src/test-setup.ts'],
          // A guard against hangs, not a speed check: a busy machine renders slowly.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
