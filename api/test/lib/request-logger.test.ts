/**
 * The request logger stand-in: no child logger until a line at an enabled level is written; then
 * the very child Fastify would have made (bindings, redaction), made once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { REDACT_PATHS } from '../../src/app';
import { lazyChildLogger } from '../../src/lib/request-logger';

/** The app's kind of logger (pino with the API's redaction), its lines and a count of children. */
function parentLogger(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const { log } = Fastify({
    logger: {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
  });
  // Counts the children made of the app's logger itself (pino's children inherit this method).
  const counter = { children: 0 };
  const child = Reflect.get<FastifyBaseLogger, 'child'>(log, 'child');
  log.child = function (this: FastifyBaseLogger, ...args: Parameters<FastifyBaseLogger['child']>) {
    if (this === log) counter.children++;
    return child.apply(this, args);
  };
  return { log, lines, counter };
}

describe('lazyChildLogger', () => {
  it('makes no child while nothing is written at an enabled level', () => {
    const { log, lines, counter } = parentLogger('info');
    const logger = lazyChildLogger(log, { reqId: 'r1' }, {});
    logger.debug('not written');
    logger.trace({ a: 1 }, 'not written');
    assert.equal(logger.level, 'info');
    assert.equal(counter.children, 0);
    assert.deepEqual(lines, []);
  });

  it('writes through one child with the bindings and the redaction', () => {
    const { log, lines, counter } = parentLogger('info');
    const logger = lazyChildLogger(log, { reqId: 'r2' }, {});
    logger.info({ user: { password: 'hunter2' } }, 'first');
    logger.warn('second');
    assert.equal(counter.children, 1);
    assert.deepEqual(
      lines.map(({ level, reqId, msg, user }) => ({ level, reqId, msg, user })),
      [
        { level: 30, reqId: 'r2', msg: 'first', user: { password: '[redacted]' } },
        { level: 40, reqId: 'r2', msg: 'second', user: undefined },
      ],
    );
  });

  it('follows level changes, and its children carry its bindings', () => {
    const { log, lines } = parentLogger('info');
    const logger = lazyChildLogger(log, { reqId: 'r3' }, {});
    logger.level = 'debug';
    logger.debug('now written');
    logger.child({ step: 'two' }).info('from a child');
    assert.deepEqual(
      lines.map(({ reqId, step, msg }) => ({ reqId, step, msg })),
      [
        { reqId: 'r3', step: undefined, msg: 'now written' },
        { reqId: 'r3', step: 'two', msg: 'from a child' },
      ],
    );
    assert.equal(log.level, 'info');
  });

  it('makes the child at once when the route sets its own level', () => {
    const { log, lines, counter } = parentLogger('info');
    const logger = lazyChildLogger(log, { reqId: 'r4' }, { level: 'error' });
    assert.equal(counter.children, 1);
    assert.equal(logger.level, 'error');
    logger.warn('below the route level');
    assert.deepEqual(lines, []);
  });
});
