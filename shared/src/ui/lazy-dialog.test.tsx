import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { lazyDialog } from './lazy-dialog';

type Props = { open?: boolean; name: string };

/** Counts its mounts: a dialog that mounts again loses its state, focus and the element a test holds. */
function counted() {
  const mounts: string[] = [];
  function Real({ open, name }: Props) {
    useEffect(() => {
      mounts.push(name);
    }, [name]);
    return open === false ? null : <div role="dialog" aria-label={name} />;
  }
  let resolve: (c: typeof Real) => void = () => {};
  const load = jest.fn(() => new Promise<typeof Real>((r) => (resolve = r)));
  return { mounts, load, arrive: () => act(async () => resolve(Real)) };
}

describe('lazyDialog', () => {
  it('loads nothing while kept mounted closed, and loads on the first opening', async () => {
    const { load, arrive } = counted();
    const Dialog = lazyDialog(load);
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <Dialog open={open} name="Add farm" />
        </>
      );
    }
    render(<Page />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await arrive();
    expect(screen.getByRole('dialog', { name: 'Add farm' })).toBeInTheDocument();
  });

  it.each([
    ['kept mounted with open', true],
    ['rendered only while open', false],
  ])('mounts once when its code arrives (%s)', async (_how, keptMounted) => {
    const { mounts, load, arrive } = counted();
    const Dialog = lazyDialog(load);
    function Page() {
      const [open, setOpen] = useState(false);
      const [count, setCount] = useState(0);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <button onClick={() => setCount((c) => c + 1)}>Re-render {count}</button>
          {keptMounted ? <Dialog open={open} name="Sell" /> : open && <Dialog name="Sell" />}
        </>
      );
    }
    render(<Page />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await arrive();
    const first = screen.getByRole('dialog', { name: 'Sell' });
    // The page goes on rendering (queries answering, a parent's state) while the dialog is open.
    await user.click(screen.getByRole('button', { name: /Re-render/ }));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(mounts).toEqual(['Sell']);
    expect(first.isConnected).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Sell' })).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a second dialog of the same kind takes the loaded code at once', async () => {
    const { load, arrive } = counted();
    const Dialog = lazyDialog(load);
    const { rerender } = render(<Dialog name="One" />);
    await arrive();
    rerender(
      <>
        <Dialog name="One" />
        <Dialog name="Two" />
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Two' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
