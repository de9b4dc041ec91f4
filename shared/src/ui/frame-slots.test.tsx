import { render, screen } from '@testing-library/react';
import { FrameAccountControls, FrameSlotsProvider } from './frame-slots';

describe('FrameAccountControls', () => {
  it('shows the bell and account menu the shell provides', () => {
    const Bell = () => <button type="button">Notifications</button>;
    const Account = () => <button type="button">Account menu</button>;
    render(
      <FrameSlotsProvider value={{ bell: Bell, account: Account }}>
        <FrameAccountControls />
      </FrameSlotsProvider>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Notifications', 'Account menu']);
  });

  it('shows nothing for a remote running on its own', () => {
    const { container } = render(<FrameAccountControls />);
    expect(container).toBeEmptyDOMElement();
  });
});
