/**
 * WARNING: for tests only. The jest environment of every package: jsdom plus the Fetch API
 * classes Node has. React Router 7's data routers build a `Request` for every navigation
 * ('Request is not defined' otherwise). They are taken from Node's own realm, which only a test
 * environment can reach (setup files run inside the jsdom window).
 * `fetch` itself stays undefined: no test may reach the network.
 */
import { TestEnvironment } from 'jest-environment-jsdom';

export default class HyperTekTestEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    Object.assign(this.global, { Request, Response, Headers });
  }
}
