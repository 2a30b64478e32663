import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/** Request bodies of this API nest four levels at most; anything far deeper is refused unread. */
export const MAX_JSON_NESTING = 32;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside each other.
 * Brackets inside strings do not count. One pass, no recursion.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

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
    if (nestsDeeperThan(body as string, MAX_JSON_NESTING)) {
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
