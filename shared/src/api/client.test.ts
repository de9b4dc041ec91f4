import { useSession } from '../session/store';
import { ApiError, SERVER_ERROR_MESSAGE, UNREACHABLE_MESSAGE, api, isUnreachable, setTokenRefresher } from './client';

type Call = { url: string; init: RequestInit };

function envelope(body: unknown, isSuccess = true, customerMessage = '') {
  return { header: { isSuccess, customerMessage }, body };
}

function mockFetch(responses: Array<{ status: number; json?: unknown; statusText?: string }>): Call[] {
  const calls: Call[] = [];
  const queue = [...responses];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = queue.shift();
    if (!next) throw new Error('unexpected fetch');
    return {
      ok: next.status >= 200 && next.status < 300,
      status: next.status,
      statusText: next.statusText ?? '',
      json: async () => {
        if (next.json === undefined) throw new SyntaxError('no json');
        return next.json;
      },
    } as Response;
  }) as typeof fetch;
  return calls;
}

const header = (call: Call | undefined, name: string) => (call?.init.headers as Record<string, string> | undefined)?.[name];

/** Installs a token refresher answering `ok`, that first stores `token` when given one. */
function installRefresher(ok: boolean, token?: string) {
  const refresher = jest.fn(async () => {
    if (token) useSession.getState().setTokens({ accessToken: token });
    return ok;
  });
  setTokenRefresher(refresher);
  return refresher;
}

beforeEach(() => {
  useSession.getState().clearSession();
  setTokenRefresher(null);
});

describe('api client', () => {
  it('returns the envelope body and sends identity headers and query params', async () => {
    const calls = mockFetch([{ status: 200, json: envelope({ id: 7 }) }]);
    const body = await api.get<{ id: number }>('/v1/things', { params: { q: 'maize', page: 2, empty: '' } });
    expect(body).toEqual({ id: 7 });
    expect(calls[0]?.url).toBe('/v1/things?q=maize&page=2');
    expect(header(calls[0], 'x-source-application')).toBe('shambasoko');
    expect(header(calls[0], 'x-device-id')).toBeTruthy();
    expect(header(calls[0], 'authorization')).toBeUndefined();
  });

  it('upload sends the file itself as the body, typed as the file is (octet-stream when it has no type)', async () => {
    const calls = mockFetch([
      { status: 200, json: envelope({ id: 'p1' }) },
      { status: 200, json: envelope(null) },
    ]);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await api.upload('/v1/seller/products/l1/photos', photo);
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(photo);
    expect(header(calls[0], 'content-type')).toBe('image/jpeg');
    await api.upload('/v1/seller/products/l1/photos', new Blob([new Uint8Array([1, 2])]));
    expect(header(calls[1], 'content-type')).toBe('application/octet-stream');
  });

  it('adds the bearer token when one is stored', async () => {
    useSession.getState().setTokens({ accessToken: 'AT1' });
    const calls = mockFetch([{ status: 200, json: envelope(null) }]);
    await api.get('/v1/profile/status');
    expect(header(calls[0], 'authorization')).toBe('Bearer AT1');
  });

  it('throws the customerMessage of a failed answer', async () => {
    mockFetch([{ status: 400, json: envelope(null, false, 'name: Required') }]);
    await expect(api.post('/v1/farms', {})).rejects.toEqual(new ApiError(400, 'name: Required'));
  });

  it('falls back to "API request failed: {status} {statusText}" without an envelope', async () => {
    mockFetch([{ status: 405, statusText: 'Method Not Allowed' }]);
    await expect(api.get('/v1/x')).rejects.toThrow('API request failed: 405 Method Not Allowed');
  });

  it('treats a 200 answer without an envelope (e.g. an HTML page) as a failure', async () => {
    mockFetch([{ status: 200, statusText: 'OK' }]);
    await expect(api.get('/v1/x')).rejects.toThrow('API request failed: 200 OK');
  });

  it('on 407 refreshes once and retries once with the new token', async () => {
    useSession.getState().setTokens({ accessToken: 'old' });
    const refresher = installRefresher(true, 'new');
    const calls = mockFetch([
      { status: 407, json: envelope(null, false, 'Session expired') },
      { status: 200, json: envelope('done') },
    ]);
    await expect(api.get('/v1/farms')).resolves.toBe('done');
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(header(calls[1], 'authorization')).toBe('Bearer new');
  });

  it('on 401 with a token refreshes once (the sign-in may have ended) and retries; without a token it does not', async () => {
    useSession.getState().setTokens({ accessToken: 'revoked' });
    const refresher = installRefresher(false);
    mockFetch([{ status: 401, json: envelope(null, false, 'Your session has ended. Please sign in again.') }]);
    await expect(api.get('/v1/farms')).rejects.toThrow('Your session has ended');
    expect(refresher).toHaveBeenCalledTimes(1);
    useSession.getState().clearTokens();
    mockFetch([{ status: 401, json: envelope(null, false, 'Please sign in to continue.') }]);
    await expect(api.get('/v1/farms')).rejects.toThrow('Please sign in');
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  it('after a reload (a stored user, no token in memory) gets a token through the refresher before the call', async () => {
    useSession.setState({ user: { uid: 'u', displayName: 'U', email: 'u@x.ke' }, accessToken: null });
    const refresher = installRefresher(true, 'fresh');
    const calls = mockFetch([{ status: 200, json: envelope('ok') }]);
    await expect(api.get('/v1/farms')).resolves.toBe('ok');
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(header(calls[0], 'authorization')).toBe('Bearer fresh');
  });

  it('does not loop when the retried call also answers 407', async () => {
    useSession.getState().setTokens({ accessToken: 'old' });
    const refresher = installRefresher(true);
    const calls = mockFetch([
      { status: 407, json: envelope(null, false, 'Session expired') },
      { status: 407, json: envelope(null, false, 'Session expired') },
    ]);
    await expect(api.get('/v1/farms')).rejects.toThrow('Session expired');
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it("reports a network failure in plain words, as unreachable, never fetch's own text", async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const error = await api.get('/v1/x').catch((e: unknown) => e);
    expect(error).toEqual(new ApiError(0, UNREACHABLE_MESSAGE));
    expect((error as Error).message).toBe("We can't reach ShambaSoko right now. Check your connection and try again.");
    expect(isUnreachable(error)).toBe(true);
  });

  it.each([502, 503, 504])('a gateway %i without an envelope reads as unreachable', async (status) => {
    mockFetch([{ status, statusText: 'Gateway' }]);
    const error = await api.get('/v1/x').catch((e: unknown) => e);
    expect(error).toEqual(new ApiError(status, UNREACHABLE_MESSAGE));
    expect(isUnreachable(error)).toBe(true);
  });

  it('keeps the message a 503 brings in its envelope, still as unreachable', async () => {
    mockFetch([{ status: 503, json: envelope(null, false, 'ShambaSoko is temporarily unavailable. Please try again in a moment.') }]);
    const error = await api.get('/v1/x').catch((e: unknown) => e);
    expect((error as Error).message).toBe('ShambaSoko is temporarily unavailable. Please try again in a moment.');
    expect(isUnreachable(error)).toBe(true);
  });

  it('a 500 without an envelope gets the generic message, not the raw status', async () => {
    mockFetch([{ status: 500, statusText: 'Internal Server Error' }]);
    const error = await api.get('/v1/x').catch((e: unknown) => e);
    expect(error).toEqual(new ApiError(500, SERVER_ERROR_MESSAGE));
    expect(isUnreachable(error)).toBe(false);
  });

  it('a refusal with a customerMessage is not unreachable (the input was checked and refused)', async () => {
    mockFetch([{ status: 400, json: envelope(null, false, 'name: Required') }]);
    const error = await api.post('/v1/farms', {}).catch((e: unknown) => e);
    expect(isUnreachable(error)).toBe(false);
    expect(isUnreachable(new Error('Failed to fetch'))).toBe(false);
  });

  it('gives up on a server that never answers and reports it as unreachable', async () => {
    globalThis.fetch = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    ) as typeof fetch;
    const error = await api.post('/v1/orders', {}, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toEqual(new ApiError(0, UNREACHABLE_MESSAGE));
  });

  it("passes the caller's own abort through unchanged", async () => {
    globalThis.fetch = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    ) as typeof fetch;
    const controller = new AbortController();
    const pending = api.get('/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
  });
});

describe('api.download', () => {
  it('sends the bearer token and answers the file as a Blob; a refusal throws the envelope message', async () => {
    useSession.getState().setTokens({ accessToken: 'AT1' });
    const file = new Blob(['\uFEFFDate\r\n'], { type: 'text/csv' });
    const calls: Call[] = [];
    const answers = [
      { ok: true, status: 200, blob: async () => file },
      { ok: false, status: 404, statusText: 'Not Found', json: async () => envelope(null, false, 'Farm not found') },
    ];
    globalThis.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return answers.shift() as unknown as Response;
    }) as typeof fetch;
    await expect(api.download('/v1/costs/export.csv', { params: { category: 'Fuel' } })).resolves.toBe(file);
    expect(calls[0]?.url).toMatch(/\/v1\/costs\/export\.csv\?category=Fuel$/);
    expect(header(calls[0], 'authorization')).toBe('Bearer AT1');
    await expect(api.download('/v1/costs/export.csv')).rejects.toMatchObject({ status: 404, message: 'Farm not found' });
  });
});
