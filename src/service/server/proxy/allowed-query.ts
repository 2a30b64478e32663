import { upstreamTemplateQuery } from '../../../contract/upstream-allow-list';

/**
 * The query string passed on with GET template: only the allow-listed parameters
 * with one of their allowed values, written anew (never the client's text), without
 * the `?`; '' when none. A parameter given twice or with another value is dropped.
 */
export function allowedTemplateQuery(query: unknown): string {
  const given = (query ?? {}) as Record<string, unknown>;
  const kept = new URLSearchParams();
  for (const [name, values] of Object.entries(upstreamTemplateQuery)) {
    const value = given[name];
    if (typeof value === 'string' && (values as readonly string[]).includes(value))
      kept.set(name, value);
  }
  return kept.toString();
}
