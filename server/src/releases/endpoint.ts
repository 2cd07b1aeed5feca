// The release endpoint of the host's server: the release command's actions over HTTP, for a CI
// pipeline (docs/operations.md, "Shipping a remote").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerTokenOf } from '@hypertek/shared/release-words';
import { canary, preview, promote, rollback, status } from './actions.js';
import type { Check } from './actions.js';
import { AuthorizationError } from './authorize.js';
import type { Authorizer } from './authorize.js';
import type { ReleaseStats } from './canary-guard.js';
import { assertCompatible } from './gate.js';
import type { HostFacts } from './gate.js';
import type { RegistryStore } from './registry.js';
import { bearerMatches } from './secrets.js';

const MAX_BODY = 4_096;

/** A refusal the caller can fix, with its HTTP status. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

async function readJson(req: IncomingMessage): Promise<Body> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Refusal('the body is too large', 413);
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Body;
  } catch {
    // below
  }
  throw new Refusal('the body is not a JSON object', 400);
}

export interface ReleaseEndpoint {
  handles: (pathname: string) => boolean;
  handle: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;
}

/**
 * The release endpoint, for a CI pipeline or a staff member: the command line's actions over
 * HTTP, under `/_release/`, with `Authorization: Bearer <token>`:
 * - RELEASE_TOKEN, the admin's bootstrap (compared here, in constant time): every action on every
 *   remote, the history naming `<actor> (token)`;
 * - any other bearer (a release token scoped to one remote, or a staff member's sign-in token) is
 *   asked of the API (`authorize`): 401 when it is none of them, 403 with the reason when it may
 *   not act on that remote (`status` is every remote's: any of them may read it), and the history
 *   names the token or the staff member (the body's `actor` is ignored). No answer from the API:
 *   503, never allowed.
 *   GET  /_release/status
 *   POST /_release/preview   { remote, version, minutes?, actor? }   → { link, expires }
 *   POST /_release/canary    { remote, version, percent, threshold?, minVisitors?, actor? }
 *   POST /_release/promote   { remote, version, actor? }
 *   POST /_release/rollback  { remote, reason?, actor? }
 * Publishing stays a command (`release publish`): it writes the build where the remotes serve it.
 */
export function createReleaseEndpoint({
  token,
  dir,
  registry,
  signingKey,
  siteUrl,
  hostFacts,
  stats,
  authorize,
}: {
  token: string;
  dir: string;
  registry: RegistryStore;
  signingKey: string;
  siteUrl: string;
  hostFacts: () => HostFacts;
  stats?: ReleaseStats;
  /** Asks the API about a bearer that is not RELEASE_TOKEN; without it, only RELEASE_TOKEN is. */
  authorize?: Authorizer;
}): ReleaseEndpoint {
  const send = (res: ServerResponse, code: number, body: object) => {
    const text = JSON.stringify(body);
    res.writeHead(code, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const check: Check = (release) => assertCompatible(release, hostFacts());
  const text = (value: unknown, name: string, max = 100): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length === 0 || value.length > max)
      throw new Refusal(`${name} must be a text of 1 to ${max} characters`, 400);
    return value;
  };
  const required = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Refusal(`${name} is required`, 400);
    return value;
  };
  /** A required text field of the body. */
  const need = (body: Body, name: string) => required(text(body[name], name), name);
  const actions: Record<string, (body: Body, actor: string) => Promise<object>> = {
    status: async () => {
      const state = await status({ dir, registry, history: 50 });
      if (stats)
        for (const remote of state.remotes)
          remote.versions = await stats(remote.remote).catch((error: unknown) => ({
            error: (error as Error).message,
          }));
      return state;
    },
    preview: (b, actor) =>
      preview({
        dir,
        registry,
        remote: need(b, 'remote'),
        version: need(b, 'version'),
        minutes: b.minutes ?? 60,
        actor,
        signingKey,
        siteUrl,
        check,
      }),
    canary: async (b, actor) => ({
      change: await canary({
        dir,
        registry,
        remote: need(b, 'remote'),
        version: need(b, 'version'),
        percent: required(b.percent, 'percent'),
        threshold: b.threshold ?? 0.2,
        minVisitors: b.minVisitors ?? 5,
        actor,
        check,
      }),
    }),
    promote: async (b, actor) => ({
      change: await promote({
        dir,
        registry,
        remote: need(b, 'remote'),
        version: need(b, 'version'),
        actor,
        check,
      }),
    }),
    rollback: async (b, actor) => ({
      change: await rollback({
        dir,
        registry,
        remote: need(b, 'remote'),
        actor,
        reason: text(b.reason, 'reason', 300),
      }),
    }),
  };
  return {
    handles: (pathname) => pathname === '/_release' || pathname.startsWith('/_release/'),
    async handle(req, res, pathname) {
      try {
        const bootstrap = bearerMatches(req.headers.authorization, token);
        const bearer = bootstrap ? null : bearerTokenOf(req.headers.authorization);
        if (!bootstrap && (bearer === null || !authorize)) {
          send(res, 401, {
            success: false,
            message:
              'The release endpoint needs the release token, a release token of your remote or a staff sign-in: Authorization: Bearer <token>.',
          });
          return;
        }
        const name = pathname.slice('/_release/'.length);
        const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
        if (!action) {
          send(res, 404, { success: false, message: `No release action "${name}".` });
          return;
        }
        const method = name === 'status' ? 'GET' : 'POST';
        if (req.method !== method) {
          res.setHeader('Allow', method);
          send(res, 405, { success: false, message: `${name} is a ${method}.` });
          return;
        }
        const body = method === 'POST' ? await readJson(req) : {};
        let actor: string;
        if (bearer === null || !authorize) {
          // Who asked, as the body names them, said to come through the endpoint.
          actor = `${text(body.actor, 'actor') ?? 'release endpoint'} (token)`;
        } else {
          const remote = name === 'status' ? undefined : need(body, 'remote');
          const answer = await authorize(bearer, name, remote);
          if (!answer.allowed)
            throw new Refusal(answer.reason ?? `${answer.actor} may not ${name}.`, 403);
          actor = answer.actor;
        }
        send(res, 200, { success: true, ...(await action(body, actor)) });
      } catch (error) {
        // A refusal (not published, live already, the gate) is the caller's to fix: 409 with why.
        const status =
          error instanceof Refusal || error instanceof AuthorizationError ? error.status : 409;
        send(res, status, { success: false, message: (error as Error).message });
      }
    },
  };
}
