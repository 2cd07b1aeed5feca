/** The baseline of the benchmark: a bare Fastify hello-world route, nothing else. */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 4201);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`hello-world listening on ${port}`);
