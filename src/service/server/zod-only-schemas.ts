import type { FastifyServerOptions } from 'fastify';

/** Fastify calls a compiler with the route's schema, method and url. */
function refuse(route: unknown): never {
  const { method, url } = route as { method?: string; url?: string };
  throw new Error(
    `${method} ${url} declares a Fastify schema: routes check their input with zod (parseOrThrow in validate.ts) instead`,
  );
}

/**
 * Routes check what they receive with the contract's zod schemas (validate.ts), so
 * Fastify's own JSON-schema compilers (ajv, fast-json-stringify) have nothing to
 * do; left to Fastify they are still loaded and set up on every start, about a
 * fifth of the CPU time from process start to listening. A route that declares a
 * schema anyway is refused when it is registered, rather than left unchecked.
 */
export const zodOnlySchemaController: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: () => refuse,
    buildSerializer: () => refuse,
  },
};
