// The realtime bench's peer: a bare `ws` server that, on POST /broadcast, sends one frame to
// every socket it holds, the way any WebSocket server broadcasts; GET / answers 200 when ready.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const FRAME = JSON.stringify({ type: 'announcements' });
const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/broadcast') {
    for (const client of wss.clients) client.send(FRAME);
  }
  response.writeHead(200).end('ok');
});
const wss = new WebSocketServer({ server });
server.listen(Number(process.env.PORT), '127.0.0.1');
