// The floor: Fastify parsing the same request and answering a constant empty result.
// No service can be faster than this on the same machine.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify();
const empty = '{"totalHits":0,"results":[],"hasMore":false,"degraded":false}';
app.post('/api/query/v1/functions/search', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(empty),
);
const url = await app.listen({ host: '127.0.0.1', port });
console.log(`Listening on ${url}`);
