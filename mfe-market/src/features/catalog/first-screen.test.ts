import { FIRST_SCREEN_AFTER_INPUT_MS } from '@shambasoko/shared';
import { afterFirstScreen, FIRST_SCREEN_GUESS_MS } from './first-screen';

type Listener = (list: { getEntries(): Array<{ url?: string }> }) => void;
let observers: Array<{ listener: Listener; disconnected: boolean }> = [];

function installObserver(supported: string[]) {
  observers = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private record: { listener: Listener; disconnected: boolean };
    constructor(listener: Listener) {
      this.record = { listener, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  Object.assign(globalThis, { PerformanceObserver: FakeObserver });
}
const paint = (...urls: string[]) => observers.forEach((o) => o.listener({ getEntries: () => urls.map((url) => ({ url })) }));

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
};
const flush = () => Promise.resolve().then(() => undefined);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the first screen of a repeat visit', () => {
  it('is up when one of its first photos is painted as the largest paint, not before', async () => {
    installObserver(['largest-contentful-paint']);
    const isDone = settled(afterFirstScreen(['/static/products/maize.svg', '/uploads/p/abc-400.webp']));
    paint('http://localhost:3000/icons/icon.svg', '');
    await flush();
    expect(isDone()).toBe(false);
    // The card picked the 800 px photo from its srcset.
    paint('http://localhost:3000/uploads/p/abc-800.webp');
    await flush();
    expect(isDone()).toBe(true);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('is taken to be up after the limit when no photo is reported (a tap stops the reports)', async () => {
    installObserver(['largest-contentful-paint']);
    const isDone = settled(afterFirstScreen(['/static/products/maize.svg'], 2500));
    jest.advanceTimersByTime(2499);
    await flush();
    expect(isDone()).toBe(false);
    jest.advanceTimersByTime(1);
    await flush();
    expect(isDone()).toBe(true);
  });

  it('is guessed sooner where the browser cannot report paints, or when there is no photo to wait for', async () => {
    installObserver([]);
    const unsupported = settled(afterFirstScreen(['/static/products/maize.svg'], 2500));
    installObserver(['largest-contentful-paint']);
    const noPhotos = settled(afterFirstScreen([null, undefined], 2500));
    jest.advanceTimersByTime(FIRST_SCREEN_GUESS_MS);
    await flush();
    expect(unsupported()).toBe(true);
    expect(noPhotos()).toBe(true);
  });

  it('is taken to be up shortly after a page of the app opened it, a tap having stopped the paint reports', async () => {
    installObserver(['largest-contentful-paint']);
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: true }, configurable: true });
    try {
      const isDone = settled(afterFirstScreen(['/static/products/maize.svg'], 2500));
      expect(observers).toHaveLength(0);
      jest.advanceTimersByTime(FIRST_SCREEN_AFTER_INPUT_MS);
      await flush();
      expect(isDone()).toBe(true);
    } finally {
      delete (navigator as { userActivation?: unknown }).userActivation;
    }
  });
});
