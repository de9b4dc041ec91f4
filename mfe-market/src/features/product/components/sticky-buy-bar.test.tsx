import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { StickyBuyBar } from './sticky-buy-bar';

type Entry = { isIntersecting: boolean; boundingClientRect: { top: number } };
type Callback = (entries: Entry[]) => void;
let report: Callback | null = null;
const disconnect = jest.fn();

beforeEach(() => {
  report = null;
  disconnect.mockReset();
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: class {
      constructor(cb: Callback) {
        report = cb;
      }
      observe() {}
      disconnect = disconnect;
    },
  });
});

afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

function Page({ onAdd }: { onAdd: () => void }) {
  const row = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={row}>buy row</div>
      <StickyBuyBar anchor={row} name="Maize seed" price={650} unit="per kg" adding={false} onAdd={onAdd} />
    </>
  );
}

describe('StickyBuyBar', () => {
  it('shows the price and Add to Cart only once the page’s own buy row is scrolled past', async () => {
    const onAdd = jest.fn();
    const { unmount } = render(<Page onAdd={onAdd} />);
    expect(screen.queryByRole('region', { name: 'Buy' })).not.toBeInTheDocument();
    // Not reached yet (below the screen): the buyer meets the row itself first.
    act(() => report!([{ isIntersecting: false, boundingClientRect: { top: 1200 } }]));
    expect(screen.queryByRole('region', { name: 'Buy' })).not.toBeInTheDocument();

    act(() => report!([{ isIntersecting: false, boundingClientRect: { top: -40 } }]));
    const bar = screen.getByRole('region', { name: 'Buy' });
    expect(bar).toHaveTextContent(/Ksh\s650 per kg/);
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(onAdd).toHaveBeenCalledTimes(1);

    act(() => report!([{ isIntersecting: true, boundingClientRect: { top: 300 } }]));
    expect(screen.queryByRole('region', { name: 'Buy' })).not.toBeInTheDocument();
    unmount();
    expect(disconnect).toHaveBeenCalled();
  });

  it('stays away where the browser has no IntersectionObserver', () => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    render(<Page onAdd={jest.fn()} />);
    expect(report).toBeNull();
    expect(screen.queryByRole('region', { name: 'Buy' })).not.toBeInTheDocument();
  });
});
