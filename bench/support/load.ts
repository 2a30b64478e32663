import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  medianMs: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** CPU time the server used per request answered, when it was measured. */
  cpuMsPerRequest?: number;
  /** The same, of the server's main thread alone, when it was measured. */
  mainThreadCpuMsPerRequest?: number;
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request: the path and, for POST, the body. Varies the load. */
  next: () => { path: string; body?: string };
  connections: number;
  /** Run for this long, or instead send exactly `requests` requests. */
  seconds?: number;
  requests?: number;
}

/** Drives one server with autocannon over loopback and summarizes what it measured. */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const first = options.next();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.requests === undefined
      ? { duration: options.seconds }
      : { amount: options.requests }),
    requests: [
      {
        method: options.method,
        path: first.path,
        headers: { 'content-type': 'application/json', ...options.headers },
        setupRequest: (request) => {
          const { path, body } = options.next();
          return { ...request, path, ...(body === undefined ? {} : { body }) };
        },
      },
    ],
  });
  // A slow server finishes too few requests for per-second buckets to mean anything.
  const requestsPerSecond =
    options.requests === undefined
      ? result.requests.average
      : result.requests.total / (result.duration || 1);
  return {
    requestsPerSecond,
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
