import { act, render, screen } from '@testing-library/react';
import { RETRY_MAX_MS, retryDelay, useRetry } from './use-retry';

function Waiting({ attempt, limit }: { attempt: () => Promise<unknown>; limit?: number }) {
  const { retryNow } = useRetry(true, attempt, { limit });
  return (
    <button type="button" onClick={retryNow}>
      Retry
    </button>
  );
}

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('useRetry', () => {
  const attempt = jest.fn(async () => {
    throw new Error('still away');
  });
  const pass = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  beforeEach(() => {
    jest.useFakeTimers();
    attempt.mockClear();
    setVisibility('visible');
    setOnline(true);
  });
  afterEach(() => jest.useRealTimers());

  it('waits 1 s, 2 s, 4 s … and never less than 30 s apart once capped', async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    render(<Waiting attempt={attempt} />);
    await pass(999);
    expect(attempt).toHaveBeenCalledTimes(0);
    await pass(1);
    expect(attempt).toHaveBeenCalledTimes(1);
    await pass(2000);
    expect(attempt).toHaveBeenCalledTimes(2);
    await pass(4000 + 8000 + 16000);
    expect(attempt).toHaveBeenCalledTimes(5);
    await pass(RETRY_MAX_MS * 10);
    expect(attempt).toHaveBeenCalledTimes(15);
  });

  it('asks nothing while the tab is hidden or offline, and at once when it is back', async () => {
    render(<Waiting attempt={attempt} />);
    setVisibility('hidden');
    await pass(60_000);
    expect(attempt).toHaveBeenCalledTimes(0);
    await act(async () => setVisibility('visible'));
    expect(attempt).toHaveBeenCalledTimes(1);

    await act(async () => setOnline(false));
    await pass(60_000);
    expect(attempt).toHaveBeenCalledTimes(1);
    await act(async () => setOnline(true));
    expect(attempt).toHaveBeenCalledTimes(2);
    // The backoff started again.
    await pass(2000);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('tries at once on Retry, and a limited wait stops after its tries', async () => {
    render(<Waiting attempt={attempt} limit={2} />);
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(attempt).toHaveBeenCalledTimes(1);
    await pass(2000);
    expect(attempt).toHaveBeenCalledTimes(2);
    await pass(10 * RETRY_MAX_MS);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('stops when the page unmounts', async () => {
    const { unmount } = render(<Waiting attempt={attempt} />);
    unmount();
    await pass(10 * RETRY_MAX_MS);
    expect(attempt).not.toHaveBeenCalled();
  });
});
