import Fastify from 'fastify';

/** The yardstick: a bare Fastify hello-world on the same machine, in the same run. */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
