// The kept files of other origins: an answer that never comes leaves a page waiting no longer than
// the timeout, and the next request asks again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRemoteCache } from './remote-cache.js';

void describe('remote cache', () => {
  void it('gives up on a fetch that never settles, even one that ignores its abort', async () => {
    let asked = 0;
    const lines: string[] = [];
    const cache = createRemoteCache({
      timeoutMs: 50,
      // A server that never answers, behind a client that does not hear the abort.
      fetchImpl: () => {
        asked += 1;
        return new Promise<Response>(() => {});
      },
      log: (line) => lines.push(line),
    });
    const started = Date.now();
    const body = await cache.get('http://remote.test/prerender/page.html');
    const waited = Date.now() - started;
    assert.equal(body, null);
    assert.ok(waited < 1000, `a page waited ${waited} ms for an answer that never came`);
    assert.match(lines.join('\n'), /page\.html not fetched \(timeout\); none kept/);
    assert.equal(asked, 1);
  });

  void it('keeps the last good copy when a later answer times out', async () => {
    let answer: () => Promise<Response> = () =>
      Promise.resolve(new Response('<p>drawn</p>', { headers: { etag: '"a"' } }));
    const cache = createRemoteCache({ ttlMs: 0, timeoutMs: 50, fetchImpl: () => answer() });
    assert.equal(await cache.get('http://remote.test/a.html'), '<p>drawn</p>');
    answer = () => new Promise<Response>(() => {});
    assert.equal(await cache.get('http://remote.test/a.html'), '<p>drawn</p>');
  });

  void it('does not keep a success whose body broke off as an empty page', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const cache = createRemoteCache({
      timeoutMs: 200,
      fetchImpl: () => Promise.resolve(new Response(broken)),
    });
    assert.equal(await cache.get('http://remote.test/b.html'), null);
    assert.equal(cache.age('http://remote.test/b.html'), Infinity);
  });
});
