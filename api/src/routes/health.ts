/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const Status = Type.Object({ status: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/healthz',
    {
      config: { publicRead: true },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } },
    },
    async () => ({ status: 'ok' }),
  );
  fastify.get(
    '/readyz',
    {
      config: { publicRead: true },
      schema: {
        tags: ['health'],
        summary: 'The database is reachable',
        response: {
          200: Status,
          503: Type.Object({ status: Type.String(), message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await fastify.database.ping();
        return { status: 'ready' };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable' });
      }
    },
  );
};

export default healthRoutes;
