import { http as httpModule } from './api/http-client';
import { bus as busModule } from './events/event-bus';
import * as shared from './index';
import { session as sessionModule } from './session/session-store';

describe('@hypertek/shared public entry', () => {
  it('hands every app the one session store, bus and HTTP client', () => {
    expect(shared.session).toBe(sessionModule);
    expect(shared.bus).toBe(busModule);
    expect(shared.http).toBe(httpModule);
  });

  it('keeps the session under the storage keys the product names', () => {
    expect([shared.SESSION_STORAGE_KEY, shared.TOKEN_STORAGE_KEY]).toEqual(['auth', 'token']);
  });
});
