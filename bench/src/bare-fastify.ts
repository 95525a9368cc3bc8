// The peer for the status endpoint: Fastify answering a constant JSON body, nothing else. POST
// takes a JSON body (parsed, then ignored), for peers of requests that carry one.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
app.post('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
