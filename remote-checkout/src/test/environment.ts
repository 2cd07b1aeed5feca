/**
 * jsdom plus the Fetch API classes of Node's realm: React Router 7's data routers build a `Request`
 * for every navigation ('Request is not defined' otherwise), and only a test environment can reach
 * Node's realm (setup files run inside the jsdom window). `fetch` stays undefined: no test may
 * reach the network.
 */
import { TestEnvironment } from 'jest-environment-jsdom';

export default class CheckoutTestEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    Object.assign(this.global, { Request, Response, Headers });
  }
}
