import { act, render, screen } from '@testing-library/react';
import { useAfterFirstPaint } from './use-after-first-paint';

function Probe() {
  return <p>{useAfterFirstPaint() ? 'sections' : 'hero only'}</p>;
}

describe('useAfterFirstPaint', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('waits for an idle moment after first paint', () => {
    render(<Probe />);
    expect(screen.getByText('hero only')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByText('sections')).toBeInTheDocument();
  });

  it('does not wait once the visitor scrolls', () => {
    render(<Probe />);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('sections')).toBeInTheDocument();
  });

  it('renders at once for an address with a #section', () => {
    window.history.replaceState(null, '', '/#features');
    render(<Probe />);
    expect(screen.getByText('sections')).toBeInTheDocument();
  });
});
