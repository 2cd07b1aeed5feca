/**
 * WARNING: for tests only. The jest environment of every package: jsdom plus the Fetch API
 * classes Node has. React Router 7's data routers build a `Request` for every navigation
 * ('Request is not defined' otherwise). They are taken from Node's own realm, which only a test
 * environment can reach (setup files run inside the jsdom window).
 *
 * `AbortController` and `AbortSignal` come from the same realm as `Request`: for every
 * navigation the router makes a `new AbortController()` and passes its signal to
 * `new Request(url, { signal })`, and Node's `Request` (undici) accepts only Node's own
 * `AbortSignal`. jsdom's, which
 * jest-environment-jsdom puts in the global scope, is refused from Node 24 on (undici 7 and later):
 * 'RequestInit: Expected signal ("AbortSignal {}") to be an instance of AbortSignal'. Node 20 and
 * 22 (undici 6) let any signal-like object through (the same fix as
 * https://github.com/mswjs/jest-fixed-jsdom/pull/35). The other way round, jsdom's own APIs would
 * refuse Node's signal (`addEventListener(type, fn, { signal })`); no code under test passes one.
 * `fetch` itself stays undefined: no test may reach the network.
 */
import { TestEnvironment } from 'jest-environment-jsdom';

export default class HyperTekTestEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal });
  }
}
