import { act, render, screen, within } from '@testing-library/react';
import { formatKES, setLocale } from '@shambasoko/shared';
import { BudgetDonut, spentPercent } from '../../../components/budget-donut';

// toHaveTextContent collapses the no-break space Intl puts after "Ksh"; compare like with like.
const kes = (n: number) => formatKES(n).replace(/\s/g, ' ');
import { BudgetByCategory } from './budget-by-category';

describe('BudgetDonut', () => {
  it('shows the spent share and the three KES figures', () => {
    render(<BudgetDonut total={350000} spent={260000} />);
    expect(screen.getByTestId('donut-percent')).toHaveTextContent('74.3%');
    expect(screen.getByRole('img', { name: 'Budget used: 74.3%' })).toBeInTheDocument();
    expect(screen.getByTestId('budget-total')).toHaveTextContent(kes(350000));
    expect(screen.getByTestId('budget-spent')).toHaveTextContent(kes(260000));
    expect(screen.getByTestId('budget-remaining')).toHaveTextContent(kes(90000));
  });

  it('keeps the ring full but the figure true when overspent', () => {
    const { container } = render(<BudgetDonut total={100000} spent={125000} />);
    expect(screen.getByTestId('donut-percent')).toHaveTextContent('125%');
    expect(screen.getByTestId('budget-remaining')).toHaveTextContent(kes(-25000));
    const arc = container.querySelectorAll('circle')[1];
    const circumference = 2 * Math.PI * 40;
    expect(arc?.getAttribute('stroke-dasharray')).toBe(`${circumference} ${circumference}`);
    expect(arc).toHaveClass('stroke-red-600');
  });

  it('draws no share and says "No budget set" when spending has no budget (not "100%")', () => {
    const { container } = render(<BudgetDonut total={0} spent={5_000} />);
    expect(screen.getByTestId('donut-percent')).not.toHaveTextContent('%');
    expect(screen.getByRole('img', { name: 'No budget set' })).toBeInTheDocument();
    expect(container.querySelectorAll('circle')[1]?.getAttribute('stroke-dasharray')).toMatch(/^0 /);
    expect(screen.getByTestId('budget-spent')).toHaveTextContent(kes(5_000));
  });

  it('handles an empty budget', () => {
    expect(spentPercent(0, 0)).toBe(0);
    expect(spentPercent(0, 500)).toBe(100);
  });
});

describe('BudgetByCategory', () => {
  const lines = [
    { name: 'Fertilizers', planned: 100000, actual: 50000, percentage: 50 },
    { name: 'Labor', planned: 80000, actual: 120000, percentage: 150 },
    { name: 'Fuel', planned: 0, actual: 0, percentage: 0 },
  ];

  it('caps the bar at 100% and shows the overspend in numbers and red', () => {
    render(<BudgetByCategory lines={lines} />);
    const labor = screen.getByTestId('category-Labor');
    const meter = within(labor).getByRole('meter', { name: 'Labor budget used' });
    expect(meter).toHaveAttribute('aria-valuenow', '100');
    expect(meter).toHaveAttribute('aria-valuetext', '150%');
    expect((meter.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(meter.firstElementChild).toHaveClass('bg-red-600');
    expect(labor).toHaveTextContent(`${kes(120000)} of ${kes(80000)} · 150%`);
    expect(labor).toHaveTextContent(`Over budget by ${kes(40000)}`);
  });

  it('draws an under-budget line to scale in green and leaves out empty categories', () => {
    render(<BudgetByCategory lines={lines} />);
    const fert = screen.getByTestId('category-Fertilizers');
    const meter = within(fert).getByRole('meter');
    expect((meter.firstElementChild as HTMLElement).style.width).toBe('50%');
    expect(meter.firstElementChild).toHaveClass('bg-brand-600');
    expect(fert).not.toHaveTextContent('Over budget');
    expect(screen.queryByTestId('category-Fuel')).not.toBeInTheDocument();
  });

  it('shows spending without a comparison where no budget is set: no red, no "Over budget", no meter', () => {
    render(
      <BudgetByCategory
        lines={[
          { name: 'Labor', planned: 0, actual: 12_000, percentage: 0 },
          { name: 'Fertilizers', planned: 100000, actual: 50000, percentage: 50 },
        ]}
      />,
    );
    const labor = screen.getByTestId('category-Labor');
    expect(labor).toHaveTextContent(`${kes(12_000)} spent`);
    expect(screen.getByTestId('level-Labor')).toHaveTextContent('No budget set');
    expect(labor).not.toHaveTextContent(/Over budget|used up/);
    expect(within(labor).queryByRole('meter')).not.toBeInTheDocument();
    expect(labor.querySelector('[class*="red"], [class*="amber"]')).toBeNull();
    expect(within(screen.getByTestId('category-Fertilizers')).getByRole('meter')).toBeInTheDocument();
  });

  it('turns amber from 80% and red from 100%, each with words as well as colour', () => {
    render(
      <BudgetByCategory
        lines={[
          { name: 'Seeds & Planting', planned: 100000, actual: 89000, percentage: 89 },
          { name: 'Irrigation', planned: 100000, actual: 27000, percentage: 27 },
          { name: 'Equipment', planned: 50000, actual: 50000, percentage: 100 },
        ]}
      />,
    );
    const bar = (name: string) => within(screen.getByTestId(`category-${name}`)).getByRole('meter').firstElementChild;
    expect(bar('Seeds & Planting')).toHaveClass('bg-amber-500');
    expect(screen.getByTestId('level-Seeds & Planting')).toHaveTextContent('Nearly used');
    expect(bar('Irrigation')).toHaveClass('bg-brand-600');
    expect(screen.getByTestId('level-Irrigation')).toHaveTextContent('On track');
    expect(bar('Equipment')).toHaveClass('bg-red-600');
    expect(screen.getByTestId('level-Equipment')).toHaveTextContent('Budget used up');
  });
});

describe('BudgetDonut levels', () => {
  it('colours the ring by the same thresholds and says so', () => {
    const { container, rerender } = render(<BudgetDonut total={100} spent={85} />);
    expect(container.querySelectorAll('circle')[1]).toHaveClass('stroke-amber-500');
    expect(screen.getByTestId('donut-level')).toHaveTextContent('Nearly used');
    rerender(<BudgetDonut total={100} spent={20} figures={false} />);
    expect(container.querySelectorAll('circle')[1]).toHaveClass('stroke-brand-600');
    expect(screen.queryByTestId('budget-total')).not.toBeInTheDocument();
  });
});

describe('BudgetByCategory in Kiswahili', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  // The level words (LEVEL_TEXT) belong to the shared donut's 'farm' namespace.
  it('names the categories, the figures and the overspend in Kiswahili', async () => {
    await act(() => setLocale('sw'));
    render(
      <BudgetByCategory
        lines={[
          { name: 'Labor', planned: 80000, actual: 120000, percentage: 150 },
          { name: 'Fertilizers', planned: 100000, actual: 50000, percentage: 50 },
        ]}
      />,
    );
    const labor = screen.getByTestId('category-Labor');
    expect(within(labor).getByRole('meter', { name: 'Bajeti ya Vibarua iliyotumika' })).toBeInTheDocument();
    expect(labor).toHaveTextContent(`${kes(120000)} kati ya ${kes(80000)} · 150%`);
    expect(labor).toHaveTextContent(`Imezidi bajeti kwa ${kes(40000)}`);
    expect(screen.getByTestId('category-Fertilizers')).toHaveTextContent('Mbolea');
  });

  it('says in Kiswahili that a category has no budget', async () => {
    await act(() => setLocale('sw'));
    render(<BudgetByCategory lines={[{ name: 'Labor', planned: 0, actual: 12_000, percentage: 0 }]} />);
    expect(screen.getByTestId('category-Labor')).toHaveTextContent(`${kes(12_000)} zimetumika`);
    expect(screen.getByTestId('level-Labor')).toHaveTextContent('Hakuna bajeti iliyowekwa');
  });
});
