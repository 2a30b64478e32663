import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StubAnswer {
  status: number;
  body: string;
  contentType?: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

/** A plain HTTP server standing in for an instance: it records requests and answers as told. */
export async function startStubUpstream(answer: (request: RecordedRequest) => StubAnswer) {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk) => (body += String(chunk)));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      const reply = answer(request);
      setTimeout(() => {
        outgoing.writeHead(reply.status, {
          'content-type': reply.contentType ?? 'application/json',
          ...reply.headers,
        });
        outgoing.end(reply.body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
