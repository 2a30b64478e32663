// The floor: Fastify parsing the same request and answering a constant page of the
// same bytes our service sent for it, with the same security headers. Nothing that
// answers over HTTP on this machine can be much faster. The benchmark sets the page
// before each query with PUT /floor/page.
import Fastify from 'fastify';
import { apiPaths } from '../../src/contract/paths';
import { securityHeaders } from '../../src/service/server/security-headers';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
let page = '{"totalHits":0,"results":[],"hasMore":false,"degraded":false}';

app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
  done(null, body),
);
app.put<{ Body: string }>('/floor/page', async (request) => {
  page = request.body;
  return { bytes: Buffer.byteLength(page) };
});
app.post(apiPaths.search, async (_request, reply) =>
  reply.headers(securityHeaders).type('application/json; charset=utf-8').send(page),
);
const url = await app.listen({ host: '127.0.0.1', port });
console.log(`Listening on ${url}`);
