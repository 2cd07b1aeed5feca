import { bus, createEventBus, notify, requestNavigation, type HyperTekEvents } from './event-bus';

interface TestEvents {
  ping: number;
  other: string;
}

/** Everything `bus` carries of one event type while `run` runs. */
function captured<K extends keyof HyperTekEvents>(type: K, run: () => void): HyperTekEvents[K][] {
  const seen: HyperTekEvents[K][] = [];
  const off = bus.on(type, (payload) => seen.push(payload));
  try {
    run();
  } finally {
    off();
  }
  return seen;
}

describe('createEventBus', () => {
  it('delivers a payload to every handler of that type only', () => {
    const events = createEventBus<TestEvents>();
    const first = jest.fn();
    const second = jest.fn();
    const other = jest.fn();
    events.on('ping', first);
    events.on('ping', second);
    events.on('other', other);

    events.emit('ping', 7);

    expect(first).toHaveBeenCalledWith(7);
    expect(second).toHaveBeenCalledWith(7);
    expect(other).not.toHaveBeenCalled();
  });

  it('does nothing when an event has no handler', () => {
    expect(() => createEventBus<TestEvents>().emit('ping', 1)).not.toThrow();
  });

  it('stops delivering after unsubscribe, and unsubscribing twice is harmless', () => {
    const events = createEventBus<TestEvents>();
    const handler = jest.fn();
    const off = events.on('ping', handler);

    events.emit('ping', 1);
    off();
    off();
    events.emit('ping', 2);

    expect(handler.mock.calls).toEqual([[1]]);
  });

  it('lets a handler unsubscribe itself during an emit without skipping the others', () => {
    const events = createEventBus<TestEvents>();
    const calls: string[] = [];
    const offA = events.on('ping', () => {
      calls.push('a');
      offA();
    });
    events.on('ping', () => calls.push('b'));

    events.emit('ping', 1);
    events.emit('ping', 2);

    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('keeps delivering to the other handlers when one throws, and logs the failure', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const events = createEventBus<TestEvents>();
    const boom = new Error('remote broke');
    const before = jest.fn();
    const after = jest.fn();
    events.on('ping', before);
    events.on('ping', () => {
      throw boom;
    });
    events.on('ping', after);

    try {
      expect(() => events.emit('ping', 3)).not.toThrow();
      expect(before).toHaveBeenCalledWith(3);
      expect(after).toHaveBeenCalledWith(3);
      expect(error).toHaveBeenCalledWith('[hypertek] listener of ping failed', boom);
    } finally {
      error.mockRestore();
    }
  });
});

describe('notify', () => {
  it.each(['success', 'error', 'info', 'warning'] as const)(
    'notify.%s asks the host for a toast of that kind',
    (kind) => {
      expect(captured('toast:requested', () => notify[kind]('Login successful!'))).toEqual([
        { kind, message: 'Login successful!' },
      ]);
    },
  );

  it('passes the duration and id along', () => {
    const seen = captured('toast:requested', () =>
      notify.info('Check for MetaMask popup!', { autoClose: 10_000, id: 'metamask' }),
    );
    expect(seen).toEqual([
      { kind: 'info', message: 'Check for MetaMask popup!', autoClose: 10_000, id: 'metamask' },
    ]);
  });
});

describe('requestNavigation', () => {
  it("asks the host's router to navigate", () => {
    const request = { to: '/signin', replace: true };
    expect(captured('navigation:requested', () => requestNavigation(request))).toEqual([request]);
  });
});
