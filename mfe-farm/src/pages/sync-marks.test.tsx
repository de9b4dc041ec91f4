import { act, screen, within } from '@testing-library/react';
import { ApiError, formatKES } from '@shambasoko/shared';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import { loadOutbox, queueWrite, replayOutbox, showOutboxInLists, type OutboxItem } from '@shambasoko/shared/offline';
import { activityOf, costOf, IDS, mockFarmApi } from '../testing/fixtures';
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
