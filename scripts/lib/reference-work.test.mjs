// The Lighthouse step's CPU calibration (lib/reference-work.mjs): the slowdown from the reference
// page's CPU time, and the page itself (the site's React build, the cards it draws).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cpuSlowdownForReference,
  REFERENCE_CARDS,
  REFERENCE_MS_AT_4X,
  referencePage,
} from './reference-work.mjs';

test('the slowdown makes the machine the phone: 4× at the reference time, more on a faster CPU, less on a slower one, 1–8', () => {
  assert.equal(cpuSlowdownForReference(REFERENCE_MS_AT_4X), 4);
  assert.equal(cpuSlowdownForReference(REFERENCE_MS_AT_4X * 2), 2);
  assert.equal(cpuSlowdownForReference(REFERENCE_MS_AT_4X / 1.5), 6);
  assert.equal(cpuSlowdownForReference(REFERENCE_MS_AT_4X * 1.3), 3.1, 'to one decimal');
  assert.equal(cpuSlowdownForReference(REFERENCE_MS_AT_4X / 10), 8, 'at most 8');
  assert.equal(cpuSlowdownForReference(REFERENCE_MS_AT_4X * 10), 1, 'at least 1');
  assert.equal(cpuSlowdownForReference(null), 4, 'not measured: Lighthouse’s default');
  assert.equal(cpuSlowdownForReference(Number.NaN), 4);
});

test("the reference page runs the site's React production build and draws its cards", () => {
  const html = referencePage();
  const script = html.slice(html.indexOf('<script>') + 8, html.lastIndexOf('</script>'));
  // It compiles (a syntax error would only show in Chromium, as a page with no cards).
  assert.doesNotThrow(() => new Function(script));
  assert.match(script, /react-dom-client\.production|"react-dom\/client": function/);
  assert.match(script, /Symbol\.for\("react\.transitional\.element"\)|react\.element/);
  assert.ok(script.includes(`length: ${REFERENCE_CARDS}`));
  assert.equal(referencePage(), html, 'built once');
});
