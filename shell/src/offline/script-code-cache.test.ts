/** @jest-environment node */
import { scriptsToStoreAgain, storeScriptsAgain } from './script-code-cache';

/** A cache as the worker sees it: stored responses by key, and what was put. */
function fakeCache(stored: Record<string, Response>) {
  const entries = new Map(Object.entries(stored));
  const puts: Array<{ key: string; response: Response }> = [];
  return {
    puts,
    entries,
    match: (key: RequestInfo | URL) => Promise.resolve(entries.get(String(key))),
    put: (key: RequestInfo | URL, response: Response) => {
      puts.push({ key: String(key), response });
      entries.set(String(key), response);
      return Promise.resolve();
    },
  };
}

describe('the precached scripts stored again once the worker is active', () => {
  it("takes the shell's scripts from the precache list, not the worker, its styles, icons or page", () => {
    expect(
      scriptsToStoreAgain([
        '/main.445a148e.js',
        '/345.9aae3ca9.js',
        '/main.1aab6e14.css',
        '/index.html',
        '/icons/icon.svg',
        '/sw.js',
        '/a.js?x=1',
      ]),
    ).toEqual(['/main.445a148e.js', '/345.9aae3ca9.js', '/a.js?x=1']);
  });

  it('puts a new copy of each stored script under the same key, with its body, status and headers', async () => {
    const key = 'http://localhost:3000/main.1.js';
    const stored = new Response('console.log(1)', { status: 200, statusText: 'OK', headers: { 'content-type': 'text/javascript' } });
    const cache = fakeCache({ [key]: stored });
    await storeScriptsAgain(cache, [key]);
    expect(cache.puts).toHaveLength(1);
    const { key: putKey, response } = cache.puts[0]!;
    expect(putKey).toBe(key);
    // A copy, not the stored object: nothing of what the browser kept beside it comes along.
    expect(response).not.toBe(stored);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript');
    await expect(response.text()).resolves.toBe('console.log(1)');
  });

  it('skips a script that is not stored or not a success, and goes on with the rest', async () => {
    const ok = 'http://localhost:3000/b.js';
    const cache = fakeCache({ 'http://localhost:3000/gone.js': new Response('', { status: 404 }), [ok]: new Response('b') });
    await storeScriptsAgain(cache, ['http://localhost:3000/missing.js', 'http://localhost:3000/gone.js', ok]);
    expect(cache.puts.map((p) => p.key)).toEqual([ok]);
  });
});
