// Run as its own process with --experimental-websocket (Node 20 has no WebSocket
// without it), given a process's inspector address: runs a full garbage collection on
// that process's main thread and on each of its worker threads, then prints how many
// threads it collected.
interface InspectorMessage {
  id?: number;
  method?: string;
  params?: { sessionId?: string; message?: string };
  error?: { message: string };
}

const [url] = process.argv.slice(2);
if (!url) throw new Error('usage: inspector-gc.ts ws://host:port/id');

const socket = new WebSocket(url);
const answers = new Map<number, (message: InspectorMessage) => void>();
const workerSessions: string[] = [];
let lastId = 0;

function settle(message: InspectorMessage) {
  if (message.id === undefined) return;
  answers.get(message.id)?.(message);
  answers.delete(message.id);
}

socket.addEventListener('message', (event) => {
  const message = JSON.parse(String(event.data)) as InspectorMessage;
  if (message.method === 'NodeWorker.attachedToWorker') {
    workerSessions.push(message.params!.sessionId!);
  } else if (message.method === 'NodeWorker.receivedMessageFromWorker') {
    settle(JSON.parse(message.params!.message!) as InspectorMessage);
  } else settle(message);
});

/** Sends one command, to the main thread or through it to a worker's session. */
function send(method: string, params: object = {}, workerSession?: string): Promise<void> {
  lastId += 1;
  const id = lastId;
  const answered = new Promise<void>((resolve, reject) =>
    answers.set(id, (message) =>
      message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(),
    ),
  );
  const command = JSON.stringify({ id, method, params });
  if (workerSession === undefined) socket.send(command);
  else {
    lastId += 1;
    socket.send(
      JSON.stringify({
        id: lastId,
        method: 'NodeWorker.sendMessageToWorker',
        params: { sessionId: workerSession, message: command },
      }),
    );
  }
  return answered;
}

async function collect() {
  await new Promise((opened) => socket.addEventListener('open', opened, { once: true }));
  await send('NodeWorker.enable', { waitForDebuggerOnStart: false });
  // The workers already running are announced just after the answer.
  await new Promise((done) => setTimeout(done, 500));
  for (const session of workerSessions) await send('HeapProfiler.collectGarbage', {}, session);
  await send('HeapProfiler.collectGarbage');
  console.log(`collected ${workerSessions.length + 1} threads`);
  socket.close();
}

const timeout = setTimeout(() => {
  console.error('the inspector did not answer within 120 s');
  process.exit(1);
}, 120_000);
collect().then(
  () => clearTimeout(timeout),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
