import { useSession } from '../session/store';
import { request } from '../api/client';
import { jwtExpiry, refreshTokens, startTokenKeeper, stopTokenKeeper } from './token-keeper';

const envelope = (status: number, body: unknown, message = '') =>
  ({
    ok: status < 400,
    status,
    statusText: '',
    json: async () => ({ header: { isSuccess: status < 400, customerMessage: message }, body }),
  }) as Response;

let fetchMock: jest.Mock;
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.clear();
  useSession.getState().clearSession();
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => stopTokenKeeper());

describe('token keeper', () => {
  it('reads a JWT expiry', () => {
    const payload = btoa(JSON.stringify({ exp: 1234 })).replace(/=+$/, '');
    expect(jwtExpiry(`h.${payload}.s`)).toBe(1234);
    expect(jwtExpiry('garbage')).toBeNull();
  });

  it('refreshes through the cookie alone (no token in any header) and keeps the new token in memory', async () => {
    useSession.getState().setTokens({ accessToken: 'A1', userId: 'u', expiresAt: 100 });
    fetchMock.mockResolvedValueOnce(envelope(200, { auth: { accessToken: 'A2', expiresAt: 200 } }));
    await expect(refreshTokens()).resolves.toBe('refreshed');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/v1/auth/refresh');
    expect(init.headers).not.toHaveProperty('authorization');
    expect(init.headers).not.toHaveProperty('x-refresh-token');
    expect(useSession.getState()).toMatchObject({ accessToken: 'A2', expiresAt: 200, userId: 'u' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('A2');
  });

  it('clears all tokens and the user on 401', async () => {
    useSession.getState().setUser({ uid: 'f', displayName: 'F', email: 'f@x.ke' });
    useSession.getState().setTokens({ accessToken: 'A1', userId: 'u' });
    fetchMock.mockResolvedValueOnce(envelope(401, null, 'Please sign in to continue.'));
    await expect(refreshTokens()).resolves.toBe('rejected');
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null, userId: null });
  });

  it('leaves a sign-in that completed while a refresh was on its way alone', async () => {
    // The start-up restore sees the user the sign-in form has just set, before its tokens arrive.
    useSession.getState().setUser({ uid: 'f', displayName: 'F', email: 'f@x.ke' });
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const refresh = refreshTokens();
    useSession.getState().setTokens({ accessToken: 'NEW', userId: 'u', expiresAt: 500 });
    answer(envelope(401, null, 'Please sign in to continue.'));
    await expect(refresh).resolves.toBe('refreshed');
    expect(useSession.getState()).toMatchObject({ user: { uid: 'f' }, accessToken: 'NEW', expiresAt: 500 });

    // Nor does a late success with the older sign-in's tokens overwrite the newer ones.
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const second = refreshTokens();
    useSession.getState().setTokens({ accessToken: 'NEWER', userId: 'u', expiresAt: 600 });
    answer(envelope(200, { auth: { accessToken: 'OLD', expiresAt: 100 } }));
    await second;
    expect(useSession.getState()).toMatchObject({ accessToken: 'NEWER', expiresAt: 600 });
  });

  it('reports a network failure so the scheduler backs off', async () => {
    useSession.getState().setTokens({ accessToken: 'A1' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(refreshTokens()).resolves.toBe('network-error');
    expect(useSession.getState().accessToken).toBe('A1');
  });

  describe('when the server says too many refreshes (429)', () => {
    const limited = (seconds: string) =>
      ({
        ...envelope(429, null, 'Too many attempts. Please wait a minute and try again.'),
        headers: { get: (name: string) => (name.toLowerCase() === 'retry-after' ? seconds : null) },
      }) as unknown as Response;
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('keeps the person signed in, waits the Retry-After and tries again', async () => {
      useSession.getState().setUser({ uid: 'f', displayName: 'F', email: 'f@x.ke' });
      useSession.getState().setTokens({ accessToken: 'A1', userId: 'u', expiresAt: 100 });
      fetchMock.mockResolvedValueOnce(limited('45')).mockResolvedValueOnce(envelope(200, { auth: { accessToken: 'A2', expiresAt: 200 } }));
      const outcome = refreshTokens();
      await jest.advanceTimersByTimeAsync(44_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(useSession.getState()).toMatchObject({ user: { uid: 'f' }, accessToken: 'A1' });
      await jest.advanceTimersByTimeAsync(1_500);
      await expect(outcome).resolves.toBe('refreshed');
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(useSession.getState()).toMatchObject({ user: { uid: 'f' }, accessToken: 'A2' });
    });

    it('a call whose token ran out waits with it, then goes through instead of asking to sign in', async () => {
      startTokenKeeper();
      useSession.getState().setUser({ uid: 'f', displayName: 'F', email: 'f@x.ke' });
      useSession.getState().setTokens({ accessToken: 'A1', userId: 'u', expiresAt: Math.floor(Date.now() / 1000) + 3600 });
      fetchMock
        .mockResolvedValueOnce(envelope(407, null, 'Please sign in to continue.'))
        .mockResolvedValueOnce(limited('45'))
        .mockResolvedValueOnce(envelope(200, { auth: { accessToken: 'A2', expiresAt: Math.floor(Date.now() / 1000) + 3600 } }))
        .mockResolvedValueOnce(envelope(200, { ok: true }));
      const call = request('POST', '/v1/activities', { body: { name: 'Weeding' } });
      // Longer than the call's own 30 s deadline: waiting for the refresh does not count against it.
      await jest.advanceTimersByTimeAsync(46_000);
      await expect(call).resolves.toEqual({ ok: true });
      expect((fetchMock.mock.calls[3] as [string, RequestInit])[1].headers).toMatchObject({ authorization: 'Bearer A2' });
      expect(useSession.getState().user).toMatchObject({ uid: 'f' });
    });
  });

  it('sends one refresh for concurrent callers (a reused refresh token would revoke the sign-in)', async () => {
    useSession.getState().setTokens({ accessToken: 'A1' });
    fetchMock.mockResolvedValue(envelope(200, { auth: { accessToken: 'A2', expiresAt: 200 } }));
    await Promise.all([refreshTokens(), refreshTokens(), refreshTokens()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes once on a 407 and retries the call', async () => {
    startTokenKeeper();
    useSession.getState().setTokens({ accessToken: 'A1', expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    fetchMock
      .mockResolvedValueOnce(envelope(407, null, 'expired'))
      .mockResolvedValueOnce(envelope(200, { auth: { accessToken: 'A2', expiresAt: Math.floor(Date.now() / 1000) + 3600 } }))
      .mockResolvedValueOnce(envelope(200, { ok: true }));
    await expect(request('GET', '/v1/farms')).resolves.toEqual({ ok: true });
    const retried = fetchMock.mock.calls[2] as [string, RequestInit];
    expect(retried[1].headers).toMatchObject({ authorization: 'Bearer A2' });
  });

  it('takes over through the cookie when another tab signed in as someone else', async () => {
    startTokenKeeper();
    useSession.setState({ user: { uid: 'a', displayName: 'A', email: 'a@x.ke' }, accessToken: 'TA' });
    fetchMock.mockResolvedValueOnce(envelope(200, { auth: { accessToken: 'TB', expiresAt: Math.floor(Date.now() / 1000) + 900 } }));
    // What the store does on the other tab's storage event.
    useSession.setState({ user: { uid: 'b', displayName: 'B', email: 'b@x.ke' }, accessToken: null });
    for (let i = 0; i < 10 && useSession.getState().accessToken !== 'TB'; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as [string])[0]).toBe('/v1/auth/refresh');
    expect(useSession.getState().accessToken).toBe('TB');
  });
});
