// INP as the web-vitals library reads it from Event Timing entries (lib/interactions.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inpOf } from './interactions.mjs';

describe('inpOf', () => {
  it("takes each interaction's longest entry and the worst interaction", () => {
    assert.deepEqual(
      inpOf([
        { interactionId: 1, duration: 40, name: 'pointerdown' },
        { interactionId: 1, duration: 96, name: 'click' }, // the same tap
        { interactionId: 2, duration: 64, name: 'keydown' },
        { interactionId: 0, duration: 500, name: 'mousemove' }, // not an interaction
      ]),
      { inpMs: 96, event: 'click', count: 2 },
    );
  });

  it('says nothing was measured when no interaction happened', () => {
    const none = { inpMs: null, event: null, count: 0 };
    assert.deepEqual(inpOf([{ interactionId: 0, duration: 30, name: 'mousemove' }]), none);
    assert.deepEqual(inpOf([]), none);
  });
});
