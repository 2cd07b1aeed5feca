/**
 * The baseline of the benchmark: a bare Fastify app. `/` is the hello-world route; `/same-size`
 * answers a fixed JSON body as long as the first getMarket page (given in bytes as the second
 * argument), to separate the cost of the API's pipeline from the cost of moving the bytes.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 4201);
const size = Number(process.argv[3] ?? 0);
const body = JSON.stringify({ filler: 'x'.repeat(Math.max(0, size - 14)) });
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/same-size', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port, host: '127.0.0.1' });
console.log(`hello-world listening on ${port}`);
