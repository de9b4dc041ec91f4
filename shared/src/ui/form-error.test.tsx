import { render, screen } from '@testing-library/react';
import { FormError } from './form-error';

describe('FormError', () => {
  it.each([undefined, null, '', '   '])('renders nothing for %p', (message) => {
    const { container } = render(<FormError message={message} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the message as an alert', () => {
    render(<FormError message="Invalid email or password" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
  });
});
