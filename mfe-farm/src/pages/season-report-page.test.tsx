import { screen, within } from '@testing-library/react';
import type { FarmProfit, FarmYields } from '@shambasoko/contracts';
import { renderPage } from '@shambasoko/shared/testing';
import { IDS, farmOf, mockFarmApi } from '../testing/fixtures';
import SeasonReportPage from './season-report-page';

const line = (income: number, costs: number, acres: number) => ({
  income,
  directCosts: costs,
  sharedCosts: 0,
  costs,
  profit: income - costs,
  acres,
  profitPerAcre: Math.round((income - costs) / acres),
});

const profit: FarmProfit = {
  farmId: IDS.farm,
  farmName: 'Green Acres',
  seasonId: IDS.season,
  crops: [
    {
      cropId: IDS.crop,
      cropName: 'Maize',
      fieldId: IDS.field,
      fieldName: 'North Field',
      seasonId: IDS.season,
      seasonName: 'Long Rains 2026',
      ...line(90_000, 42_000, 6),
      harvestedKg: 2_400,
      kgPerAcre: 400,
      expectedKgPerAcre: 1011.7,
      percentOfExpected: 40,
    },
  ],
  fields: [{ fieldId: IDS.field, fieldName: 'North Field', ...line(90_000, 42_000, 6) }],
  seasons: [{ seasonId: IDS.season, seasonName: 'Long Rains 2026', ...line(90_000, 42_000, 6) }],
  unallocatedCosts: 0,
  farm: line(90_000, 42_000, 6),
};

const yields: FarmYields = {
  crops: [],
  fields: [
    {
      fieldId: IDS.field,
      fieldName: 'North Field',
      hectares: 2.43,
      acres: 6,
      harvestedKg: 2_400,
      kgPerAcre: 400,
      kgPerHectare: 988.4,
      expectedKg: 6_070,
      percentOfExpected: 40,
    },
  ],
  seasons: [],
};
const yieldsRoute = { [`GET /v1/farms/${IDS.farm}/yields`]: () => ({ body: yields }) };

describe('SeasonReportPage', () => {
  it("shows each crop's income, costs, profit per acre and yield against the expected, and says how costs are shared", async () => {
    const api = mockFarmApi({ [`GET /v1/farms/${IDS.farm}/profit`]: () => ({ body: profit }), ...yieldsRoute });
    renderPage(<SeasonReportPage />, { url: `/season-report?farmId=${IDS.farm}&seasonId=${IDS.season}` });
    const report = await screen.findByTestId('season-report');
    const maize = within(report).getByRole('heading', { name: 'Maize · North Field' }).closest('section')!;
    expect(within(maize).getByText('Profit per acre').nextSibling).toHaveTextContent(/^Ksh\s8,000$/);
    expect(within(maize).getByText('Income').nextSibling).toHaveTextContent(/^Ksh\s90,000$/);
    expect(within(maize).getByText('Yield: 400 of 1,011.7 kg per acre expected (40%)')).toBeInTheDocument();
    expect(screen.getByText(/Costs of the whole farm are split between fields by their size/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/profit'))?.search.get('seasonId')).toBe(IDS.season);
    expect(screen.getByRole('checkbox', { name: 'M-Pesa payments received' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('tells a Field Worker that income and profit are for the books, and asks for no figures', async () => {
    const api = mockFarmApi(yieldsRoute, { farms: [farmOf({ myRole: 'Field Worker' })] });
    renderPage(<SeasonReportPage />, { url: `/season-report?farmId=${IDS.farm}` });
    expect(await screen.findByText(/Only the Owner, Farm Manager or Accountant/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('/profit'))).toBe(false);
    // The yields are quantities: shown to every member.
    expect(await screen.findByTestId('farm-yields')).toHaveTextContent('North Field400 kg per acre · 40% of expected');
  });
});
