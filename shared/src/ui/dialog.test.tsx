import { StrictMode, useRef, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { ConfirmDialog, Dialog } from './dialog';

function AddFarm({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <Button onClick={() => setOpen(true)}>Add farm</Button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Add New Farm"
        description="Farms hold your fields."
        footer={<Button type="submit">Save</Button>}
      >
        <label htmlFor="farm-name">Name</label>
        <input id="farm-name" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('renders nothing when closed', () => {
    render(<Dialog open={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a labelled modal dialog in a portal, with focus moved inside', async () => {
    const { container } = render(<AddFarm />);
    await userEvent.click(screen.getByRole('button', { name: 'Add farm' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Farm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Farms hold your fields.');
    expect(container).not.toContainElement(dialog);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab inside the dialog in both directions', async () => {
    render(<AddFarm />);
    await userEvent.click(screen.getByRole('button', { name: 'Add farm' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const name = screen.getByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save' });

    await userEvent.tab();
    expect(save).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(name).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = jest.fn();
    render(<AddFarm onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Add farm' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('returns focus under StrictMode, whose effects run twice', async () => {
    render(
      <StrictMode>
        <AddFarm />
      </StrictMode>,
    );
    const opener = screen.getByRole('button', { name: 'Add farm' });
    await userEvent.click(opener);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes from the Close button and from the backdrop', async () => {
    const onClose = jest.fn();
    render(<AddFarm onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Add farm' });

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    const backdrop = document.querySelector('[data-dialog-backdrop]');
    expect(backdrop).not.toBeNull();
    await userEvent.click(backdrop as Element);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('focuses the panel when it has nothing focusable', async () => {
    render(
      <Dialog open onClose={() => {}} title="Note" hideCloseButton>
        Read me
      </Dialog>,
    );
    expect(screen.getByRole('dialog')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('dialog')).toHaveFocus();
  });

  it('focuses initialFocusRef when given', () => {
    function Pick() {
      const second = useRef<HTMLButtonElement>(null);
      return (
        <Dialog open onClose={() => {}} title="Pick" initialFocusRef={second}>
          <button type="button">One</button>
          <button type="button" ref={second}>
            Two
          </button>
        </Dialog>
      );
    }
    render(<Pick />);
    expect(screen.getByRole('button', { name: 'Two' })).toHaveFocus();
  });

  it('only the innermost of nested dialogs answers Escape', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog open={outer} onClose={() => setOuter(false)} title="Outer">
          <Button onClick={() => setInner(true)}>Open inner</Button>
          <Dialog open={inner} onClose={() => setInner(false)} title="Inner">
            <button type="button">Inside</button>
          </Dialog>
        </Dialog>
      );
    }
    render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function DeleteActivity({ onConfirm }: { onConfirm: () => void | Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete activity</Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete Activity"
        message="Are you sure you want to delete Tilling activity at Green Acres?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={onConfirm}
        danger
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks the question with focus on Cancel, and Cancel closes without confirming', async () => {
    const onConfirm = jest.fn();
    render(<DeleteActivity onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete activity' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Activity' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete Tilling activity at Green Acres?');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('bg-red-600');
    await userEvent.click(cancel);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('calls a synchronous onConfirm and closes', async () => {
    const onConfirm = jest.fn();
    render(<DeleteActivity onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete activity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a busy state while an async onConfirm runs, ignores Escape, then closes', async () => {
    const d = deferred();
    const onConfirm = jest.fn(() => d.promise);
    render(<DeleteActivity onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete activity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Deleting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(async () => d.resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete activity' })).toHaveFocus();
  });

  it('stays open and shows the error when onConfirm fails', async () => {
    const d = deferred();
    render(<DeleteActivity onConfirm={() => d.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete activity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(async () => d.reject(new Error('Network error')));

    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    const retry = screen.getByRole('button', { name: 'Delete' });
    expect(retry).toBeEnabled();
    expect(retry).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
