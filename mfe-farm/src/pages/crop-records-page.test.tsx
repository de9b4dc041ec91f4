import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CropHarvests, Harvest } from '@shambasoko/contracts';
import { loadOutbox, outboxItems } from '@shambasoko/shared/offline';
import { renderPage } from '@shambasoko/shared/testing';
import { IDS, cropOf, farmOf, mockFarmApi } from '../testing/fixtures';
import CropRecordsPage from './crop-records-page';

const harvests: CropHarvests = {
  items: [],
  yield: {
    cropId: IDS.crop,
    hectares: 2.43,
    acres: 6,
    harvestedKg: 0,
    kgPerHectare: 0,
    kgPerAcre: 0,
    expectedKgPerHectare: 2500,
    expectedKgPerAcre: 1011.7,
    percentOfExpected: 0,
    byDestination: { stored: 0, sold: 0, eaten: 0, lost: 0 },
  },
};

function show(role: 'Owner' | 'Field Worker', { offline = false } = {}) {
  return mockFarmApi(
    {
      [`GET /v1/crops/${IDS.crop}`]: () => ({ body: cropOf({ area: 2.43 }) }),
      [`GET /v1/crops/${IDS.crop}/harvests`]: () => ({ body: harvests }),
      [`GET /v1/crops/${IDS.crop}/income`]: () => ({ body: { manual: [], market: [], manualTotal: 0, marketTotal: 0, total: 0 } }),
      [`POST /v1/crops/${IDS.crop}/harvests`]: (call) => {
        // No network in the field: the fetch itself fails.
        if (offline) throw new TypeError('Failed to fetch');
        const body = call.body as Harvest;
        return {
          status: 201,
          body: {
            ...body,
            id: IDS.activity,
            farmId: IDS.farm,
            cropId: IDS.crop,
            kgPerUnit: 90,
            kg: body.quantity * 90,
            grade: '',
            notes: '',
          },
        };
      },
    },
    { farms: [farmOf({ myRole: role })] },
  );
}

describe('CropRecordsPage', () => {
  it('records a harvest of 90 kg bags and shows the yield against the expected, and the income to the Owner', async () => {
    const api = show('Owner');
    renderPage(<CropRecordsPage />, { url: `/crops/${IDS.crop}`, path: '/crops/:cropId' });
    expect(await screen.findByText('Expected 1,011.7 kg per acre: 0% so far')).toBeInTheDocument();
    expect(await screen.findByText(/Total income: Ksh\s0/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record harvest' }));
    await userEvent.type(await screen.findByLabelText(/^Quantity/), '20');
    await userEvent.click(screen.getAllByRole('button', { name: 'Record harvest' }).at(-1)!);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', body: { quantity: 20, unit: 'bag_90kg', destination: 'stored' } });
  });

  it('keeps a harvest recorded without network in the outbox and shows it as waiting', async () => {
    await loadOutbox('farmer-harvest');
    try {
      show('Owner', { offline: true });
      renderPage(<CropRecordsPage />, { url: `/crops/${IDS.crop}`, path: '/crops/:cropId' });
      await userEvent.click(await screen.findByRole('button', { name: 'Record harvest' }));
      await userEvent.type(await screen.findByLabelText(/^Quantity/), '7');
      await userEvent.click(screen.getAllByRole('button', { name: 'Record harvest' }).at(-1)!);
      expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
      expect(outboxItems()).toMatchObject([
        { kind: 'harvest.create', path: `/v1/crops/${IDS.crop}/harvests`, body: { quantity: 7, unit: 'bag_90kg' }, state: 'waiting' },
      ]);
    } finally {
      await loadOutbox(null);
    }
  });

  it('lets a Field Worker read the harvests, but not record them nor see income', async () => {
    show('Field Worker');
    renderPage(<CropRecordsPage />, { url: `/crops/${IDS.crop}`, path: '/crops/:cropId' });
    expect(await screen.findByText('No harvests recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record harvest' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Total income/)).not.toBeInTheDocument();
  });
});

it('a crop that cannot be loaded shows the error in the page frame, under the page heading', async () => {
  mockFarmApi({ [`GET /v1/crops/${IDS.crop}`]: () => ({ status: 404, body: null }) }, { farms: [farmOf({ myRole: 'Owner' })] });
  renderPage(<CropRecordsPage />, { url: `/crops/${IDS.crop}`, path: '/crops/:cropId' });
  const alert = await screen.findByRole('alert');
  const main = screen.getByRole('main');
  expect(main).toContainElement(alert);
  expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: 'Harvests and sales' }));
});
