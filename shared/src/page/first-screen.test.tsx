import { act, render, screen } from '@testing-library/react';
import { createFirstScreen, FIRST_SCREEN_AFTER_INPUT_MS, FIRST_SCREEN_LIMIT_MS } from './first-screen';

// Each test is a new visit (its own createFirstScreen): a visit keeps whether its first screen is up.
type Report = () => void;
type Callback = (list: { getEntries(): Array<{ url: string }> }) => void;
let reports: Report[] = [];
let disconnected = 0;

function installObserver(supported: string[]) {
  reports = [];
  disconnected = 0;
  class FakeObserver {
    static supportedEntryTypes = supported;
    constructor(private readonly callback: Callback) {}
    observe() {
      // A text block painted as the largest so far.
      reports.push(() => this.callback({ getEntries: () => [{ url: '' }] }));
    }
    disconnect() {
      disconnected += 1;
    }
  }
  Object.assign(globalThis, { PerformanceObserver: FakeObserver });
}

const freshHook = () => {
  const visit = createFirstScreen();
  return { useFirstScreenShown: visit.useShown, hold: visit.hold, FIRST_SCREEN_LIMIT_MS };
};

function Probe({ use }: { use: () => boolean }) {
  return <p>{use() ? 'shown' : 'waiting'}</p>;
}

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
});

describe('the first screen of a visit', () => {
  it('is up at the first largest-paint report after a component asks, and stays up for later pages', async () => {
    installObserver(['largest-contentful-paint']);
    const { useFirstScreenShown } = freshHook();
    const first = render(<Probe use={useFirstScreenShown} />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(reports).toHaveLength(1);
    await act(async () => reports[0]!());
    expect(screen.getByText('shown')).toBeInTheDocument();
    expect(disconnected).toBe(1);
    first.unmount();
    // A later page of the same visit does not wait again.
    render(<Probe use={useFirstScreenShown} />);
    expect(screen.getByText('shown')).toBeInTheDocument();
    expect(reports).toHaveLength(1);
  });

  it('is taken to be up after the limit when no report comes', async () => {
    jest.useFakeTimers();
    installObserver(['largest-contentful-paint']);
    const { useFirstScreenShown, FIRST_SCREEN_LIMIT_MS } = freshHook();
    render(<Probe use={useFirstScreenShown} />);
    await act(async () => jest.advanceTimersByTime(FIRST_SCREEN_LIMIT_MS - 1));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.getByText('shown')).toBeInTheDocument();
    expect(disconnected).toBe(1);
  });

  it('is up at once where the browser reports no largest paint', () => {
    installObserver(['paint']);
    const { useFirstScreenShown } = freshHook();
    render(<Probe use={useFirstScreenShown} />);
    expect(screen.getByText('shown')).toBeInTheDocument();
    delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
    const again = freshHook();
    render(<Probe use={again.useFirstScreenShown} />);
    expect(screen.getAllByText('shown')).toHaveLength(2);
  });

  it('is up when what the page held it for has happened, whatever the paints', async () => {
    installObserver(['largest-contentful-paint']);
    const { useFirstScreenShown, hold } = freshHook();
    let photosPainted: () => void = () => undefined;
    hold(new Promise<void>((resolve) => (photosPainted = resolve)));
    render(<Probe use={useFirstScreenShown} />);
    // The frame's paints are not the page's first screen.
    expect(reports).toHaveLength(0);
    await act(async () => undefined);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => photosPainted());
    expect(screen.getByText('shown')).toBeInTheDocument();
    // Held too late: not waited for.
    hold(new Promise<void>(() => undefined));
    render(<Probe use={useFirstScreenShown} />);
    expect(screen.getAllByText('shown')).toHaveLength(2);
  });

  it('waits for a page that says what its first screen is after the frame started waiting, before any report', async () => {
    installObserver(['largest-contentful-paint']);
    const { useFirstScreenShown, hold } = freshHook();
    // The frame's controls ask first; the page's code says what its first screen is a moment later.
    render(<Probe use={useFirstScreenShown} />);
    let figuresPainted: () => void = () => undefined;
    hold(new Promise<void>((resolve) => (figuresPainted = resolve)));
    // The frame's own paint is reported: not the page's first screen.
    await act(async () => reports.forEach((report) => report()));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => figuresPainted());
    expect(screen.getByText('shown')).toBeInTheDocument();
  });

  it('tells code outside React once it is up', async () => {
    installObserver(['largest-contentful-paint']);
    const visit = createFirstScreen();
    let up = false;
    void visit.whenShown().then(() => (up = true));
    await act(async () => undefined);
    expect(up).toBe(false);
    await act(async () => reports.forEach((report) => report()));
    expect(up).toBe(true);
    // Once up, at once.
    await expect(visit.whenShown()).resolves.toBeUndefined();
  });

  it('is not held past the limit by a page whose photos never paint', async () => {
    jest.useFakeTimers();
    installObserver(['largest-contentful-paint']);
    const { useFirstScreenShown, hold } = freshHook();
    hold(new Promise<void>(() => undefined));
    render(<Probe use={useFirstScreenShown} />);
    await act(async () => jest.advanceTimersByTime(FIRST_SCREEN_LIMIT_MS));
    expect(screen.getByText('shown')).toBeInTheDocument();
  });

  it('is up shortly after it is asked once the visitor has tapped (the paint reports have stopped)', async () => {
    jest.useFakeTimers();
    installObserver(['largest-contentful-paint']);
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: true }, configurable: true });
    try {
      const { useFirstScreenShown } = freshHook();
      render(<Probe use={useFirstScreenShown} />);
      expect(reports).toHaveLength(0);
      await act(async () => jest.advanceTimersByTime(FIRST_SCREEN_AFTER_INPUT_MS - 1));
      expect(screen.getByText('waiting')).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(1));
      expect(screen.getByText('shown')).toBeInTheDocument();
    } finally {
      delete (navigator as { userActivation?: unknown }).userActivation;
    }
  });
});
