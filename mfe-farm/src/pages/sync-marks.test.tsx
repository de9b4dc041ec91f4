import { act, screen, within } from '@testing-library/react';
import { ApiError, formatKES } from '@shambasoko/shared';
import { listPage, mockApi, renderPage } from '@shambasoko/shared/testing';
import { loadOutbox, queueWrite, replayOutbox, showOutboxInLists, type OutboxItem } from '@shambasoko/shared/offline';
import { activityOf, costOf, emptyDashboard, IDS, mockFarmApi, OPTIONS } from '../testing/fixtures';
import BudgetPage from './budget-page';
import DashboardPage from './dashboard/dashboard-page';
import ActivitiesPage from '../features/activities/activities-page';
import { CostsTotal } from '../features/costs/components/costs-total';
import CostsPage from '../features/costs/costs-page';

const kes = (n: number) => formatKES(n).replace(/\s/g, ' ');

type Write = Omit<OutboxItem, 'state' | 'createdAt'> & { refused?: boolean };
const cost = (id: string, body: Record<string, unknown>, refused = false): Write => ({
  id,
  kind: 'cost.create',
  method: 'POST',
  path: '/v1/costs',
  body: { farmId: IDS.farm, budgetCategory: 'Fuel', amount: 4500, ...body },
  label: 'Fuel',
  refused,
});

let account = 0;
/** A fresh account's outbox with these writes, the refused ones refused by the server (then the line drops). */
async function outbox(writes: Write[]) {
  await loadOutbox(`farmer-${++account}`);
  for (const { refused: _refused, ...write } of [...writes.filter((w) => w.refused), ...writes.filter((w) => !w.refused)]) {
    await queueWrite(write);
  }
  const refused = new Set(writes.filter((w) => w.refused).map((w) => w.id));
  await act(() =>
    replayOutbox(async (item) => {
      throw refused.has(item.id) ? new ApiError(404, 'Farm not found') : new TypeError('Failed to fetch');
    }),
  );
}

afterEach(() => loadOutbox(null));

describe('writes waiting to sync, on the lists (issue 18)', () => {
  it('marks a cost added offline in the list and adds the waiting costs that fit to the total', async () => {
    const queued = { ...cost('c1', {}), shown: { resource: 'costs', record: costOf({ amount: 4500, description: 'Diesel' }) } };
    await outbox([queued, cost('c2', { farmId: IDS.farm2, amount: 300 }), cost('c3', { amount: 700 }, true)]);
    mockFarmApi({
      'GET /v1/costs': () => ({ body: listPage([costOf()]) }),
      'GET /v1/costs/total': () => ({ body: { amount: 10_000, count: 2 } }),
    });
    const { client } = renderPage(<CostsPage />);
    expect(await screen.findByTestId('costs-total')).toHaveTextContent(`Total: ${kes(14_800)} · 4 entries (includes 2 waiting to sync)`);
    const table = screen.getByRole('table', { name: 'Costs' });
    await within(table).findByText('DAP 50 kg');
    expect(within(table).queryByText('Waiting to sync')).toBeNull();

    act(() => showOutboxInLists(client));
    const row = (await within(table).findByText('Diesel')).closest('tr')!;
    expect(within(row).getByText('Waiting to sync')).toBeVisible();
    // Nothing to edit or delete before the server has the record (it has no server id yet).
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(within(table).getAllByRole('button', { name: /DAP 50 kg/ }).length).toBeGreaterThan(0);
    // The phone's compact row carries it too, also without actions.
    const phone = screen.getByRole('list', { name: 'Costs' });
    expect(within(phone).getAllByText('Waiting to sync')).toHaveLength(1);
    const card = within(phone).getByText('Diesel').closest('li')!;
    expect(within(card).queryAllByRole('button')).toHaveLength(0);

    // Sent: it leaves the outbox, so neither the mark nor the total counts it any more.
    await act(() => replayOutbox(async () => undefined));
    expect(within(table).queryByText('Waiting to sync')).toBeNull();
    expect(screen.getByTestId('costs-total')).toHaveTextContent(`Total: ${kes(10_000)} · 2 entries`);
    expect(screen.getByTestId('costs-total')).not.toHaveTextContent('waiting');
  });

  it("counts only the waiting costs that meet a farm's filters", async () => {
    await outbox([cost('c1', {}), cost('c2', { farmId: IDS.farm2, amount: 300 }), cost('c4', { budgetCategory: 'Labor', amount: 50 })]);
    mockFarmApi({ 'GET /v1/costs/total': () => ({ body: { amount: 1_000, count: 1 } }) });
    renderPage(<CostsTotal query={{ farmId: IDS.farm, category: 'Fuel' }} />);
    expect(await screen.findByTestId('costs-total')).toHaveTextContent(`Total: ${kes(5_500)} · 2 entries (includes 1 waiting to sync)`);
  });

  it('counts what the list shows: a cost the server refused stays listed, so the total counts it and says so', async () => {
    const shown = (id: string, amount: number, description: string) => ({
      resource: 'costs',
      record: costOf({ id: `pending-${id}`, amount, description }),
    });
    await outbox([
      { ...cost('c1', { amount: 1_500 }), shown: shown('c1', 1_500, 'Diesel') },
      { ...cost('c2', { amount: 550 }, true), shown: shown('c2', 550, 'Twine') },
    ]);
    mockFarmApi({
      'GET /v1/costs': () => ({ body: listPage([costOf({ amount: 4_000 })]) }),
      'GET /v1/costs/total': () => ({ body: { amount: 4_000, count: 1 } }),
    });
    const { client } = renderPage(<CostsPage />);
    await screen.findByTestId('costs-total');
    act(() => showOutboxInLists(client));
    const phone = screen.getByRole('list', { name: 'Costs' });
    await within(phone).findByText('Twine');
    // Three rows, three entries: 4,000 + 1,500 + 550.
    expect(within(phone).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('costs-total')).toHaveTextContent(
      `Total: ${kes(6_050)} · 3 entries (includes 1 waiting to sync) (includes 1 needing attention)`,
    );
  });

  it('shows a queued cost’s field, crop and season by name, not "Unknown"', async () => {
    await outbox([
      {
        ...cost('c1', { fieldId: IDS.field, seasonId: IDS.season, cropId: IDS.crop }),
        shown: {
          resource: 'costs',
          record: costOf({ id: 'pending-c1', description: 'Diesel', field: OPTIONS.field.name, crop: 'Maize', season: 'Long Rains 2026' }),
        },
      },
    ]);
    mockFarmApi({
      'GET /v1/costs': () => ({ body: listPage([costOf()]) }),
      'GET /v1/costs/total': () => ({ body: { amount: 4_501, count: 1 } }),
    });
    const { client } = renderPage(<CostsPage />);
    const phone = await screen.findByRole('list', { name: 'Costs' });
    await within(phone).findByText('DAP 50 kg');
    act(() => showOutboxInLists(client));
    const card = (await within(phone).findByText('Diesel')).closest('li')!;
    expect(card).toHaveTextContent('North Field');
    expect(card).toHaveTextContent('Maize · Long Rains 2026');
    expect(card).not.toHaveTextContent('Unknown');
  });

  it('counts queued costs in the budget and the dashboard, and says so', async () => {
    await outbox([cost('c1', { amount: 1_500 }), cost('c2', { amount: 550, budgetCategory: 'Labor' })]);
    mockFarmApi({
      'GET /v1/budget/summary': () => ({
        body: {
          planned: 10_000,
          actual: 4_000,
          remaining: 6_000,
          variance: 6_000,
          percentage: 40,
          categories: [{ name: 'Fuel', planned: 5_000, actual: 4_000, percentage: 80 }],
        },
      }),
    });
    const budget = renderPage(<BudgetPage />);
    const cards = await screen.findByTestId('budget-cards');
    // Spent 4,000 + 2,050 waiting; remaining 10,000 − 6,050.
    expect(cards).toHaveTextContent(kes(6_050));
    expect(cards).toHaveTextContent(kes(3_950));
    expect(screen.getByTestId('budget-queued')).toHaveTextContent('Includes 2 entries waiting to sync.');
    budget.unmount();

    mockApi({
      'GET /v1/dashboard': () => ({
        body: { ...emptyDashboard, totalFarms: 1, budget: { total: 10_000, spent: 4_000, remaining: 6_000 } },
      }),
      'GET /v1/farms': () => ({ body: listPage([]) }),
    });
    renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(await screen.findByTestId('budget-spent')).toHaveTextContent(kes(6_050));
    expect(screen.getByTestId('dashboard-queued')).toHaveTextContent('Includes 2 entries waiting to sync.');
  });

  it('marks an activity whose status change waits, and one the server refused as needing attention', async () => {
    const change = (id: string, refused: boolean): Write => ({
      ...cost(id, {}, refused),
      kind: 'activity.status',
      method: 'PATCH',
      path: `/v1/activities/${id}`,
      body: { status: 'Completed' },
    });
    const [waiting, refused] = [IDS.nth('ac7', 2), IDS.nth('ac7', 3)];
    await outbox([change(waiting, false), change(refused, true)]);
    mockFarmApi({
      'GET /v1/activities': () => ({
        body: listPage([
          activityOf({ id: waiting, name: 'Weeding' }),
          activityOf({ id: refused, name: 'Spraying' }),
          activityOf({ id: IDS.activity, name: 'Harvesting' }),
        ]),
      }),
    });
    renderPage(<ActivitiesPage />);
    const table = await screen.findByRole('table', { name: 'Activities' });
    const rowOf = async (name: string) => (await within(table).findByText(name)).closest('tr')!;
    expect(within(await rowOf('Weeding')).getByText('Waiting to sync')).toBeVisible();
    expect(within(await rowOf('Spraying')).getByText('Needs attention')).toBeVisible();
    expect(within(await rowOf('Harvesting')).queryByTestId('sync-mark')).toBeNull();
  });
});
