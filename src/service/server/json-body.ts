import type { FastifyInstance } from 'fastify';
import { MAX_JSON_NESTING, textNestsDeeperThan } from '../json-nesting';
import { ApiError } from './api-error';

/**
 * JSON bodies are parsed by Fastify's own parser (which refuses `__proto__` and
 * `constructor.prototype` keys), after a check of how deeply they nest: a body
 * nested thousands of levels would otherwise overflow the stack of whatever
 * walks it later.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (textNestsDeeperThan(body as string)) {
      done(
        new ApiError(
          400,
          `the body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep; this API's bodies nest at most 4`,
        ),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
}
