/**
 * The baseline of the benchmark: a bare Fastify app. `/` is the hello-world route; `/same-size`
 * answers a fixed JSON body of exactly the given number of bytes (the second argument: the
 * length of the first getMarket page), with the same content type, to separate the cost of the
 * API's pipeline from the cost of moving the bytes.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 4201);
const size = Number(process.argv[3] ?? 0);
// `{"filler":""}` is 13 bytes; the filler makes up the rest (ASCII: one byte per character).
const body = JSON.stringify({ filler: 'x'.repeat(Math.max(0, size - 13)) });
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/same-size', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
await app.listen({ port, host: '127.0.0.1' });
console.log(`hello-world listening on ${port}`);
