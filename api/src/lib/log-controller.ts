/**
 * Fastify's request log lines ("incoming request", "request completed"), with one exception:
 * routes marked `publicRead` (the catalogue, item art and avatars, health checks: answers that
 * need no token) write those two lines at debug level when they succeed. At the default level
 * (info) a successful catalogue read then writes no line, instead of two JSON lines that cost
 * about 25 µs of server CPU per cached getMarket page, more than the rest of the request (with
 * them it served about 0.3 of the requests per second of a bare Fastify sending the same bytes).
 * Failures are logged as before: a 4xx or 5xx answer still writes "request completed" at info
 * (and the error handler its own line), with the request id; LOG_LEVEL=debug shows every read.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public read: its successful answers are logged at debug level, not info. */
    publicRead?: boolean;
  }
}

const isPublicRead = (request: FastifyRequest): boolean =>
  request.routeOptions.config.publicRead === true;

export class ApiLogController extends LogController {
  override incomingRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (!isPublicRead(request)) return super.incomingRequest(request, reply, metadata);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error != null || reply.statusCode >= 400 || !isPublicRead(request)) {
      return super.requestCompleted(error, request, reply, metadata);
    }
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
