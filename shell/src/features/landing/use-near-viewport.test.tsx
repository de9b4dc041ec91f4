import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useNearViewport } from './use-near-viewport';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let observed: { callback: Callback; margin?: string; disconnected: boolean } | null = null;

class FakeObserver {
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    observed = { callback, margin: options?.rootMargin, disconnected: false };
  }
  observe() {}
  disconnect() {
    if (observed) observed.disconnected = true;
  }
}

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

afterEach(() => {
  observed = null;
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('useNearViewport', () => {
  it('stays false until the element comes within the margin, then stops watching', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observed?.margin).toBe('600px');
    act(() => observed?.callback([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => observed?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observed?.disconnected).toBe(true);
  });

  it('is true at once where the browser cannot observe', () => {
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
