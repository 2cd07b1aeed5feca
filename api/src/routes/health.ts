/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicAccess } from './schemas';

const Status = Type.Object({ status: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/healthz',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'checkHealth',
        tags: ['health'],
        summary: 'The process is up',
        security: publicAccess,
        response: { 200: Status },
      },
    },
    async () => ({ status: 'ok' }),
  );
  fastify.get(
    '/readyz',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'checkReadiness',
        tags: ['health'],
        summary: 'The database is reachable',
        security: publicAccess,
        response: {
          200: Status,
          503: Type.Object(
            { status: Type.String(), message: Type.String() },
            { description: 'The database is not reachable' },
          ),
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
