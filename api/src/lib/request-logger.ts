/**
 * Request loggers made on first use. Fastify gives every request a child of the app's logger,
 * bound to its request id; with the redaction paths (wildcards: `*.password` …) pino runs the
 * redaction over the bindings of every child it makes: about a microsecond per request, spent
 * even by requests that write no line (a successful public read at info level, any successful
 * request at warn). This factory hands out a stand-in that makes the very same child (same
 * bindings, same redaction) the first time a line at an enabled level is written, its level is
 * changed or a child of it is asked for: what is logged and how is unchanged, a request that logs
 * nothing makes no child.
 */
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** A pino logger: the parent Fastify passes (it can tell whether a level would be written). */
type LevelAware = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

const isLevelAware = (logger: FastifyBaseLogger): logger is LevelAware =>
  typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function';

class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  /** The child's level: until it exists, the parent's (which it would take on). */
  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    const logger = this.real;
    Reflect.apply(logger[level], logger, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with its own log level or serializers, or a logger
 * that is not pino, gets its child at once, as Fastify would make it.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (!isLevelAware(logger) || Object.keys(options).length > 0) {
    return logger.child(bindings, options);
  }
  return new LazyChildLogger(logger, bindings);
}
