// The peer: json-server 0.17, the usual fake REST server, over the same records.
import jsonServer from 'json-server';

const [dbFile, port = '0'] = process.argv.slice(2);
if (!dbFile) throw new Error('usage: json-server-peer.ts DB.json [PORT]');
const server = jsonServer.create();
server.use(jsonServer.defaults({ logger: false }));
server.use(jsonServer.router(dbFile));
const listener = server.listen(Number(port), '127.0.0.1', () => {
  const address = listener.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Listening on http://127.0.0.1:${boundPort}`);
});
