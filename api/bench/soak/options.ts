/** The soak's command line (`pnpm bench:soak -- --seed 42 --users 4 …`). */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

export interface SoakOptions {
  seed: number;
  userCount: number;
  /** Infinity without `--seconds`. */
  seconds: number;
  /** Infinity with only `--seconds`. */
  maxOps: number;
  perRound: number;
  poolSize: number;
  port: number;
  profile: string | undefined;
  statements: boolean;
  /** The options that rerun these decisions, as printed at the start. */
  rerunArgs: string;
}

export function soakOptions(processArgv: readonly string[]): SoakOptions {
  // pnpm may pass a lone `--` through to the script.
  const argv = processArgv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
  const { values: args } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string' },
      users: { type: 'string', default: '20' },
      ops: { type: 'string' },
      seconds: { type: 'string' },
      round: { type: 'string', default: '10' },
      items: { type: 'string' },
      port: { type: 'string', default: '0' },
      /** A folder for a V8 CPU profile of the API's process (`.cpuprofile`, for DevTools). */
      profile: { type: 'string' },
      /** Count the SQL statements each kind of request sends (PostgreSQL server only). */
      statements: { type: 'boolean', default: false },
    },
  });
  const seed = args.seed === undefined ? randomInt(1, 2 ** 31) : Number(args.seed);
  const userCount = Number(args.users);
  const seconds = args.seconds === undefined ? Infinity : Number(args.seconds);
  // Without a stop option, 100,000 operations; with only --seconds, that time.
  const maxOps =
    args.ops !== undefined ? Number(args.ops) : args.seconds !== undefined ? Infinity : 100_000;
  const perRound = Number(args.round);
  const poolSize = args.items === undefined ? userCount * 3 : Number(args.items);
  for (const [name, value] of Object.entries({ seed, userCount, perRound, poolSize })) {
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name}: a positive integer`);
  }
  const rerunArgs = [
    `--seed ${seed}`,
    `--users ${userCount}`,
    args.ops === undefined ? '' : `--ops ${maxOps}`,
    args.seconds === undefined ? '' : `--seconds ${seconds}`,
    args.round === '10' ? '' : `--round ${perRound}`,
    args.items === undefined ? '' : `--items ${poolSize}`,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    seed,
    userCount,
    seconds,
    maxOps,
    perRound,
    poolSize,
    port: Number(args.port),
    profile: args.profile,
    statements: args.statements,
    rerunArgs,
  };
}
