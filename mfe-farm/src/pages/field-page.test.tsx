import { act, screen, waitFor } from '@testing-library/react';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import type { FarmRole } from '@shambasoko/contracts';
import { IDS, costOf, farmOf, fieldOf, mockFarmApi } from '../testing/fixtures';
import FieldPage from './field-page';

function open(myRole: FarmRole) {
  const api = mockFarmApi(
    {
      [`GET /v1/fields/${IDS.field}`]: () => ({ body: fieldOf() }),
      'GET /v1/costs': () => ({ body: listPage([costOf({ description: 'Casual labour' })]) }),
    },
    { farms: [farmOf({ myRole })] },
  );
  renderPage(<FieldPage />, { url: `/farms/${IDS.farm}/fields/${IDS.field}`, path: '/farms/:farmId/fields/:fieldId' });
  return api;
}

describe('FieldPage and the farm’s books', () => {
  it('shows the Owner the field’s costs', async () => {
    open('Owner');
    expect((await screen.findAllByText('Casual labour')).length).toBeGreaterThan(0);
  });

  it('neither asks for nor shows costs to a Field Worker', async () => {
    const api = open('Field Worker');
    expect(await screen.findByRole('heading', { name: 'Activities' })).toBeInTheDocument();
    // The farm's role is known once the farms list is in.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/v1/farms')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'Costs' })).not.toBeInTheDocument();
    expect(screen.queryByText('Casual labour')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/v1/costs')).toEqual([]);
  });
});
