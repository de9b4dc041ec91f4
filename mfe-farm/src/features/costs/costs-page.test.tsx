import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api as client, formatKES, setLocale } from '@shambasoko/shared';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import { costOf, mockFarmApi } from '../../testing/fixtures';
import CostsPage from './costs-page';

// toHaveTextContent collapses the no-break space Intl puts after "Ksh"; compare like with like.
const kes = (n: number) => formatKES(n).replace(/\s/g, ' ');

describe('CostsPage', () => {
  it('shows the total of every filtered entry, and a farm-wide cost as "Whole farm"', async () => {
    const api = mockFarmApi({
      'GET /v1/costs': () => ({
        body: {
          items: [costOf({ fieldId: null, field: null, description: 'Diesel' })],
          total: 12,
          totalCapped: false,
          page: 1,
          pageSize: 20,
        },
      }),
      'GET /v1/costs/total': ({ search }) => ({
        body: search.get('category') === 'Fuel' ? { amount: 4_500, count: 1 } : { amount: 1_250_000, count: 12 },
      }),
    });
    const user = userEvent.setup();
    renderPage(<CostsPage />);
    expect(await screen.findByTestId('costs-total')).toHaveTextContent(`Total: ${kes(1_250_000)} · 12 entries`);
    expect((await screen.findAllByText('Whole farm')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Filters (0)' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Fuel');
    await waitFor(() => expect(screen.getByTestId('costs-total')).toHaveTextContent(`Total: ${kes(4_500)} · 1 entry`));
    const totals = api.calls.filter((c) => c.path === '/v1/costs/total');
    expect(totals.at(-1)?.search.get('category')).toBe('Fuel');
    expect(totals.every((c) => !c.search.has('page'))).toBe(true);
  });

  it('exports the filtered costs as a CSV file fetched with the token, and says why when it cannot', async () => {
    mockFarmApi({
      'GET /v1/costs': () => ({ body: { items: [costOf()], total: 1, totalCapped: false, page: 1, pageSize: 20 } }),
      'GET /v1/costs/total': () => ({ body: { amount: 0, count: 0 } }),
    });
    const download = jest.spyOn(client, 'download').mockResolvedValueOnce(new Blob(['\uFEFFDate\r\n'], { type: 'text/csv' }));
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:costs');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderPage(<CostsPage />);
    await user.click(await screen.findByRole('button', { name: 'Filters (0)' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Fuel');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^costs-\d{4}-\d{2}-\d{2}\.csv blob:costs$/)]));
    expect(download).toHaveBeenCalledWith(
      '/v1/costs/export.csv',
      expect.objectContaining({ params: expect.objectContaining({ category: 'Fuel' }) }),
    );

    download.mockRejectedValueOnce(new Error('Only 10,000 rows fit in one file.'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 10,000 rows fit in one file.');
    click.mockRestore();
    download.mockRestore();
  });
});

describe('CostsPage in Kiswahili', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('counts the entries, names the category and the whole-farm field, and asks before deleting, in Kiswahili', async () => {
    mockFarmApi({
      'GET /v1/costs': () => ({ body: listPage([costOf({ fieldId: null, field: null, description: '', category: 'Fuel' })]) }),
      'GET /v1/costs/total': () => ({ body: { amount: 4_500, count: 1_234 } }),
    });
    await act(() => setLocale('sw'));
    const user = userEvent.setup();
    renderPage(<CostsPage />);
    expect(await screen.findByTestId('costs-total')).toHaveTextContent(`Jumla: ${kes(4_500)} · rekodi 1,234`);
    expect(screen.getByRole('heading', { name: 'Gharama' })).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Gharama' });
    expect(within(cards).getByText('Gharama ya Mafuta')).toBeInTheDocument();
    expect(within(cards).getByText('Shamba zima')).toBeInTheDocument();
    await user.click(within(cards).getAllByRole('button', { name: /Gharama ya Mafuta/ })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Futa Gharama' })).toHaveTextContent(
      `Una uhakika unataka kufuta gharama "Gharama ya Mafuta" ya ${kes(4_501)}?`,
    );
  });
});
