import { prime, withPrimed } from './primed';

const options = (key: string, own: () => Promise<unknown>) => ({ queryKey: ['test', key] as const, queryFn: own });

describe('answers primed before the page asks', () => {
  it('are the first fetch of the page’s query, once; a retry or refetch asks again', async () => {
    const request = jest.fn(() => Promise.resolve('primed'));
    const own = jest.fn(() => Promise.resolve('own'));
    prime(['test', 'a'], request);
    prime(['test', 'a'], request);
    expect(request).toHaveBeenCalledTimes(1);
    const taken = withPrimed(options('a', own));
    await expect(taken.queryFn()).resolves.toBe('primed');
    await expect(taken.queryFn()).resolves.toBe('own');
    // Taken: the next page's query fetches on its own.
    expect(withPrimed(options('a', own)).queryFn).toBe(own);
  });

  it('are not asked for once the page has asked itself', () => {
    const own = () => Promise.resolve('own');
    const request = jest.fn(() => Promise.resolve('primed'));
    expect(withPrimed(options('b', own)).queryFn).toBe(own);
    prime(['test', 'b'], request);
    expect(request).not.toHaveBeenCalled();
  });

  it('keep the latest claims only, so a long session’s queries do not pile up', () => {
    const own = () => Promise.resolve('own');
    for (let i = 0; i <= 100; i += 1) withPrimed(options(`many-${i}`, own));
    const request = jest.fn(() => Promise.resolve('primed'));
    prime(['test', 'many-0'], request);
    prime(['test', 'many-100'], request);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('never surface a failure nobody took as an unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      prime(['test', 'c'], () => Promise.reject(new Error('offline')));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
