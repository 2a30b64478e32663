import type { HTTPMethods } from 'fastify';

const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Decodes one path segment the way the router does; undefined for a malformed escape. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The registered routes' patterns and methods, so a request the router could not
 * match can be told apart: a known path with another method (405) or no such path (404).
 */
export class RouteTable {
  private readonly routes = new Map<string, { segments: string[]; methods: Set<string> }>();

  add(url: string, method: HTTPMethods | HTTPMethods[]): void {
    const route = this.routes.get(url) ?? { segments: url.split('/'), methods: new Set() };
    for (const one of [method].flat()) route.methods.add(one);
    this.routes.set(url, route);
  }

  /** The methods a path takes, in the usual order; undefined when no route has that path. */
  methodsFor(rawUrl: string): string[] | undefined {
    const segments = (rawUrl.split('?')[0] ?? '').split('/').map(decodeSegment);
    for (const route of this.routes.values()) {
      if (route.segments.length !== segments.length) continue;
      const matches = route.segments.every((pattern, index) => {
        const segment = segments[index];
        if (segment === undefined) return false;
        return pattern.startsWith(':') ? segment !== '' : pattern === segment;
      });
      if (matches) return methodOrder.filter((method) => route.methods.has(method));
    }
    return undefined;
  }
}
