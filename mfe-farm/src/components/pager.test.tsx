import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './pager';

describe('Pager', () => {
  it('shows the exact count and stops at the last page', () => {
    render(<Pager page={3} pageSize={20} total={45} onPage={() => undefined} />);
    expect(screen.getByText('Page 3 of 3 · 45 in all')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("writes an exact count the Kenyan way, as a cooperative's 2,000 farms", () => {
    render(<Pager page={1} pageSize={20} total={2000} onPage={() => undefined} />);
    expect(screen.getByText('Page 1 of 100 · 2,000 in all')).toBeInTheDocument();
  });

  it('shows a capped count as "1,000+" and keeps Next enabled', () => {
    const onPage = jest.fn();
    render(<Pager page={50} pageSize={20} total={1000} capped onPage={onPage} />);
    expect(screen.getByText('Page 50 · 1,000+ in all')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(51);
  });

  it('is hidden when everything fits on one page', () => {
    const { container } = render(<Pager page={1} pageSize={20} total={5} onPage={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
