import type { FastifyInstance } from 'fastify';
import { jsonTextProblem } from '../json-safety';
import { ApiError } from './api-error';

/**
 * JSON bodies are parsed by Fastify's own parser (which refuses `__proto__` and
 * `constructor.prototype` keys), after a check that they nest no deeper than
 * bodies of this API ever need (a body nested thousands of levels would overflow
 * the stack of whatever walks it later) and repeat no key.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonTextProblem(body as string);
    if (problem !== undefined) {
      done(new ApiError(400, problem), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
