import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, Dialog } from './dialog';

// The dialogs' code loads once per page: these tests run in order on one page (this file's modules),
// which has not loaded it when the file starts. Each load of it is counted, and may be made to fail.
const mockLoads = jest.fn();
let mockOffline = false;
jest.mock('./dialog-code', () => {
  mockLoads();
  if (mockOffline) throw new Error('Loading chunk failed');
  return jest.requireActual('./dialog-code');
});

const confirmProps = { onClose: () => undefined, message: 'It cannot be undone.', confirmLabel: 'Delete', onConfirm: () => undefined };

describe('dialogs load their code when first opened', () => {
  it('loads nothing for a dialog that stays closed', async () => {
    const { container } = render(
      <>
        <Dialog open={false} onClose={() => undefined} title="Add New Farm" />
        <ConfirmDialog open={false} title="Delete field?" {...confirmProps} />
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(mockLoads).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it('offers Retry when the code cannot be loaded (offline), then opens; Escape closes while it loads', async () => {
    mockOffline = true;
    const onClose = jest.fn();
    const { unmount } = render(<Dialog open onClose={onClose} title="Add New Farm" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    mockOffline = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('dialog', { name: 'Add New Farm' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(mockLoads).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('opens later dialogs at once, without loading again', () => {
    render(<ConfirmDialog open title="Delete field?" {...confirmProps} />);
    expect(screen.getByRole('dialog', { name: 'Delete field?' })).toBeInTheDocument();
    expect(mockLoads).toHaveBeenCalledTimes(2);
  });
});
