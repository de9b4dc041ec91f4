import { useSession } from '../session/store';
import { refreshTokens, stopTokenKeeper } from '../identity/token-keeper';
import { api } from './client';
import {
  EARLY_REQUESTS_ID,
  EARLY_TTL_MS,
  REFRESH_LOCK,
  earlyReadsIn,
  forgetEarlyAnswers,
  isEarlyRead,
  startEarlyRequests,
  type EarlyEnvironment,
} from './early';

type Call = { url: string; method: string; headers: Record<string, string> };

/** A fetch answering each address with an envelope (jsdom has no Response: these members only). */
function fakeFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  const answer = (url: string, status: number, body: unknown): Response => {
    const response = {
      ok: status < 400,
      status,
      statusText: '',
      json: async () => ({ header: { isSuccess: status < 400, customerMessage: status < 400 ? '' : 'Please sign in to continue.' }, body }),
      clone: () => answer(url, status, body),
    };
    return response as unknown as Response;
  };
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string> });
    const known = answers[url];
    if (!known) throw new TypeError('Failed to fetch');
    return answer(url, known.status ?? 200, known.body);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const TOKENS = { accessToken: 'early-token', userId: 'u1', expiresAt: Math.floor(Date.now() / 1000) + 900 };
const SERVER = {
  '/v1/auth/refresh': { body: { auth: TOKENS, roles: ['Farmer'] } },
  '/v1/dashboard': { body: { farms: 2 } },
  '/v1/farms?pageSize=100&sort=name': { body: { items: [] } },
};
const READS = ['/v1/dashboard', '/v1/farms?pageSize=100&sort=name'];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function environment(fetch: typeof globalThis.fetch, over: Partial<EarlyEnvironment> = {}): EarlyEnvironment {
  return { fetch, now: () => Date.now(), account: () => ({ savedData: false }), ...over };
}

describe('early answers', () => {
  let page: { fetch: typeof globalThis.fetch; calls: Call[] };

  beforeEach(() => {
    useSession.getState().clearSession();
    useSession.getState().setUser({ uid: 'u1', email: 'wanjiku@example.com', displayName: 'Wanjiku', roles: ['Farmer'] } as never);
    // What the page's own code sends itself goes here.
    page = fakeFetch(SERVER);
    globalThis.fetch = page.fetch;
  });
  afterEach(() => {
    forgetEarlyAnswers();
    stopTokenKeeper();
    useSession.getState().clearSession();
    jest.useRealTimers();
  });

  it('sends the session refresh at once, under the tabs’ refresh lock, and the named reads with its token', async () => {
    const early = fakeFetch(SERVER);
    const locks: string[] = [];
    startEarlyRequests(
      READS,
      environment(early.fetch, {
        locks: { request: ((name: string, _options: unknown, run: () => unknown) => (locks.push(name), run())) as never },
      }),
    );
    expect(early.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/auth/refresh']);
    expect(locks).toEqual([REFRESH_LOCK]);
    expect(early.calls[0]!.headers.authorization).toBeUndefined();
    expect(early.calls[0]!.headers['x-device-id']).toBeTruthy();
    await flush();
    expect(early.calls.slice(1).map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual([
      'GET /v1/dashboard Bearer early-token',
      'GET /v1/farms?pageSize=100&sort=name Bearer early-token',
    ]);
  });

  it('hands the page its answers: the refresh and the reads are not asked again', async () => {
    const early = fakeFetch(SERVER);
    startEarlyRequests(READS, environment(early.fetch));
    expect(await refreshTokens()).toBe('refreshed');
    expect(useSession.getState().accessToken).toBe('early-token');
    expect(await api.get('/v1/dashboard')).toEqual({ farms: 2 });
    expect(await api.get('/v1/farms', { params: { pageSize: 100, sort: 'name' } })).toEqual({ items: [] });
    expect(page.calls).toEqual([]);
    // Taken once: the next read of the same address is the page's own.
    await api.get('/v1/dashboard');
    expect(page.calls.map((c) => c.url)).toEqual(['/v1/dashboard']);
  });

  it('leaves the answer to the next reader when a read shares it (the profile language, then the preferences hook)', async () => {
    const early = fakeFetch(SERVER);
    startEarlyRequests(READS, environment(early.fetch));
    await refreshTokens();
    const [shared, taken] = await Promise.all([api.get('/v1/dashboard', { shareEarly: true }), api.get('/v1/dashboard')]);
    expect(shared).toEqual({ farms: 2 });
    expect(taken).toEqual({ farms: 2 });
    expect(page.calls).toEqual([]);
    // The one that did not share took it: the next read is the page's own, as before.
    await api.get('/v1/dashboard');
    expect(page.calls.map((c) => c.url)).toEqual(['/v1/dashboard']);
    // The server was asked once, by the early script.
    expect(early.calls.filter((c) => c.url === '/v1/dashboard')).toHaveLength(1);
  });

  it('leaves a read to the page when the page asks with another token (another sign-in took over meanwhile)', async () => {
    const early = fakeFetch(SERVER);
    startEarlyRequests(READS, environment(early.fetch));
    await refreshTokens();
    useSession.getState().setTokens({ accessToken: 'newer-token' });
    await api.get('/v1/dashboard');
    expect(page.calls.map((c) => `${c.url} ${c.headers.authorization}`)).toEqual(['/v1/dashboard Bearer newer-token']);
  });

  it('leaves a read to the page when it comes too late, or in another language', async () => {
    let now = 1_000;
    const early = fakeFetch(SERVER);
    startEarlyRequests(READS, environment(early.fetch, { now: () => now }));
    await refreshTokens();
    await api.get('/v1/farms', { params: { pageSize: 100, sort: 'name' }, headers: { 'accept-language': 'sw-KE' } });
    expect(page.calls.map((c) => c.url)).toEqual(['/v1/farms?pageSize=100&sort=name']);
    now += EARLY_TTL_MS + 1;
    await api.get('/v1/dashboard');
    expect(page.calls.map((c) => c.url)).toEqual(['/v1/farms?pageSize=100&sort=name', '/v1/dashboard']);
  });

  it('sends only the refresh where the device keeps the account’s farm data (the page shows that first)', async () => {
    const early = fakeFetch(SERVER);
    startEarlyRequests(READS, environment(early.fetch, { account: () => ({ savedData: true }) }));
    await flush();
    expect(early.calls.map((c) => c.url)).toEqual(['/v1/auth/refresh']);
  });

  it('uses no early read after a change: the change may alter what it answered', async () => {
    const early = fakeFetch(SERVER);
    startEarlyRequests(READS, environment(early.fetch));
    await refreshTokens();
    page = fakeFetch({ ...SERVER, '/v1/farms': { body: { id: 'f1' } } });
    globalThis.fetch = page.fetch;
    await api.post('/v1/farms', { name: 'Shamba' });
    await api.get('/v1/dashboard');
    expect(page.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/farms', 'GET /v1/dashboard']);
  });

  it('sends nothing once the page has made its first request itself', async () => {
    await api.get('/v1/dashboard');
    const early = fakeFetch(SERVER);
    expect(startEarlyRequests(READS, environment(early.fetch))).toBeNull();
    expect(early.calls).toEqual([]);
  });

  it('gives way when the page already waits for the refresh lock ahead of it: no deadlock, one refresh', async () => {
    // Web Locks as the browser grants them: one holder at a time, in turn, in a later task; a waiting request can be aborted.
    const queue: Array<{ run: () => unknown; done: (v: unknown) => void; fail: (e: unknown) => void; signal?: AbortSignal }> = [];
    let busy = false;
    const next = () => {
      const turn = queue.shift();
      if (!turn || busy) return;
      busy = true;
      setTimeout(() =>
        Promise.resolve(turn.run())
          .then(turn.done, turn.fail)
          .finally(() => {
            busy = false;
            next();
          }),
      );
    };
    const locks = {
      request: (_name: string, ...args: unknown[]) =>
        new Promise((done, fail) => {
          const [options, run] = (args.length === 2 ? args : [{}, args[0]]) as [{ signal?: AbortSignal }, () => unknown];
          const turn = { run, done, fail, signal: options.signal };
          options.signal?.addEventListener('abort', () => {
            const at = queue.indexOf(turn);
            if (at >= 0) queue.splice(at, 1);
            fail(new DOMException('The lock request was aborted.', 'AbortError'));
          });
          queue.push(turn);
          next();
        }),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const restoring = refreshTokens(); // the page's refresh asks for the lock first…
      const early = fakeFetch(SERVER);
      startEarlyRequests(READS, environment(early.fetch, { locks: locks as never })); // …then the early script
      expect(await restoring).toBe('refreshed');
      await flush();
      expect(page.calls.map((c) => c.url)).toEqual(['/v1/auth/refresh']);
      expect(early.calls).toEqual([]);
      expect(await api.get('/v1/dashboard')).toEqual({ farms: 2 });
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('sends no reads when the refresh is refused, and the page hears the refusal (signed out here)', async () => {
    const early = fakeFetch({ ...SERVER, '/v1/auth/refresh': { status: 401, body: null } });
    startEarlyRequests(READS, environment(early.fetch));
    await flush();
    expect(early.calls.map((c) => c.url)).toEqual(['/v1/auth/refresh']);
    expect(await refreshTokens()).toBe('rejected');
    expect(useSession.getState().user).toBeNull();
    expect(page.calls).toEqual([]);
  });

  it('does nothing on a device with no signed-in account (the persisted session tells)', async () => {
    useSession.getState().clearSession();
    expect(startEarlyRequests(READS)).toBeNull();
    await flush();
    expect(page.calls).toEqual([]);
    useSession.getState().setUser({ uid: 'u1', email: 'wanjiku@example.com', displayName: 'Wanjiku', roles: ['Farmer'] } as never);
    expect(startEarlyRequests(READS)).not.toBeNull();
    expect(page.calls.map((c) => c.url)).toEqual(['/v1/auth/refresh']);
  });

  describe('public reads (the market’s catalog)', () => {
    const CATALOG = '/v1/products?sort=relevance&page=1&pageSize=12';
    const PUBLIC_SERVER = { ...SERVER, [CATALOG]: { body: { items: [], total: 0 } } };

    it('a guest’s page sends them at once, without a session or a token, and the page takes their answer', async () => {
      useSession.getState().clearSession();
      const early = fakeFetch(PUBLIC_SERVER);
      expect(startEarlyRequests(READS, environment(early.fetch, { account: () => null }), [CATALOG, '/static/x'])).not.toBeNull();
      expect(early.calls.map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual([`GET ${CATALOG} undefined`]);
      expect(await api.get('/v1/products', { params: { sort: 'relevance', page: 1, pageSize: 12 }, auth: false })).toEqual({
        items: [],
        total: 0,
      });
      expect(page.calls).toEqual([]);
    });

    it('a signed-in visitor’s page sends them before the refresh has answered, still without the token', async () => {
      const early = fakeFetch(PUBLIC_SERVER);
      startEarlyRequests(READS, environment(early.fetch), [CATALOG]);
      expect(early.calls.map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual([
        `GET ${CATALOG} undefined`,
        'POST /v1/auth/refresh undefined',
      ]);
      await refreshTokens();
      await api.get('/v1/products', { params: { sort: 'relevance', page: 1, pageSize: 12 }, auth: false });
      expect(page.calls).toEqual([]);
    });

    it('is not handed to a request sent with a token: that one may answer more', async () => {
      const early = fakeFetch(PUBLIC_SERVER);
      startEarlyRequests(READS, environment(early.fetch), [CATALOG]);
      await refreshTokens();
      page = fakeFetch(PUBLIC_SERVER);
      globalThis.fetch = page.fetch;
      await api.get('/v1/products', { params: { sort: 'relevance', page: 1, pageSize: 12 } });
      expect(page.calls.map((c) => `${c.url} ${c.headers.authorization}`)).toEqual([`${CATALOG} Bearer early-token`]);
    });
  });

  it('gives up on an early answer when the caller aborts', async () => {
    const early = fakeFetch(SERVER);
    const answers = startEarlyRequests(READS, environment(early.fetch))!;
    const controller = new AbortController();
    controller.abort();
    await expect(answers.take('POST', '/v1/auth/refresh', { 'accept-language': 'en-KE' }, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('sends only GETs of the core API on this origin of what the page names', async () => {
    const doc = (text: string | null) => ({
      getElementById: (id: string) => (id === EARLY_REQUESTS_ID && text !== null ? { textContent: text } : null),
    });
    const named = earlyReadsIn(
      doc(JSON.stringify(['/v1/dashboard', 'https://evil.example/v1/x', '//evil.example/v1', '/v1/../admin', '/static/x', 7])) as never,
    );
    const early = fakeFetch(SERVER);
    startEarlyRequests(named, environment(early.fetch));
    await flush();
    expect(early.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/auth/refresh', 'GET /v1/dashboard']);
    expect(earlyReadsIn(doc('not json') as never)).toEqual([]);
    expect(earlyReadsIn(doc(null) as never)).toEqual([]);
    expect(isEarlyRead(`/v1/${'a'.repeat(300)}`)).toBe(false);
    expect(isEarlyRead('/v1/farms?pageSize=100&sort=name')).toBe(true);
  });
});
