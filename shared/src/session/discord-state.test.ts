import { createDiscordState, DISCORD_STATE_STORAGE_KEY, takeDiscordState } from './discord-state';

afterEach(() => {
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe('Discord sign-in state', () => {
  it("is random, 128 bits in hex, and kept in this tab's session storage", () => {
    const first = createDiscordState();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY)).toBe(first);

    const second = createDiscordState();
    expect(second).not.toBe(first);
    expect(sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY)).toBe(second);
  });

  it('comes from crypto.getRandomValues', () => {
    const fill = ((array: Uint8Array) => array.fill(0xab)) as typeof crypto.getRandomValues;
    const random = jest.spyOn(crypto, 'getRandomValues').mockImplementation(fill);
    expect(createDiscordState()).toBe('ab'.repeat(16));
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('matches the state that was sent, once', () => {
    const state = createDiscordState();
    expect(takeDiscordState(state)).toBe(true);
    expect(sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY)).toBeNull();
    expect(takeDiscordState(state)).toBe(false);
  });

  it('refuses another state, or none, and keeps the saved one for the real return', () => {
    const state = createDiscordState();
    expect(takeDiscordState('0'.repeat(32))).toBe(false);
    expect(takeDiscordState(null)).toBe(false);
    expect(takeDiscordState('')).toBe(false);
    expect(sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY)).toBe(state);
    expect(takeDiscordState(state)).toBe(true);
  });

  it('refuses every state when none was sent from this tab', () => {
    expect(takeDiscordState('anything')).toBe(false);
  });

  it('gives null when session storage refuses to keep it', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(createDiscordState()).toBeNull();
  });
});
