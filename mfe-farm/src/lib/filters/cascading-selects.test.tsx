import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../../testing/render';
import { CascadingSelects } from './cascading-selects';
import { ALL_FILTERS, changeFilter, useFilterState } from './filter-state';

const FARMS = [{ id: 'f1', name: 'Green Acres' }, { id: 'f2', name: 'Rift Valley Estate' }];
const optionsFor = (farmId: string | null, fieldId: string | null) => ({
  farms: FARMS,
  fields: farmId === 'f2' ? [{ id: 'fl3', name: 'Upper Block' }] : [{ id: 'fl1', name: 'North Field' }, { id: 'fl2', name: 'River Plot' }],
  seasons: [{ id: fieldId ? `s-${fieldId}` : 's1', name: fieldId ? `Season of ${fieldId}` : 'Long Rains 2026' }],
  crops: [{ id: 'c1', name: 'Maize' }],
  users: [{ id: 'u1', name: 'Amina Wafula' }],
});

function Harness() {
  const filter = useFilterState();
  return (
    <>
      <CascadingSelects levels={['farm', 'field', 'season', 'crop', 'user']} value={filter.value} onChange={filter.setValue} />
      <output data-testid="value">{JSON.stringify(filter.value)}</output>
    </>
  );
}

describe('changeFilter', () => {
  it('resets every child of the changed level to All and leaves the others', () => {
    const chosen = { farmId: 'f1', fieldId: 'fl1', seasonId: 's1', cropId: 'c1', userId: 'u1' };
    expect(changeFilter(chosen, 'farm', 'f2')).toEqual({ farmId: 'f2', fieldId: '0', seasonId: '0', cropId: '0', userId: '0' });
    expect(changeFilter(chosen, 'field', 'fl2')).toEqual({ ...chosen, fieldId: 'fl2', seasonId: '0', cropId: '0' });
    expect(changeFilter(chosen, 'season', 's2')).toEqual({ ...chosen, seasonId: 's2', cropId: '0' });
    expect(changeFilter(chosen, 'crop', 'c2')).toEqual({ ...chosen, cropId: 'c2' });
  });

  it('keeps the value when the same id is chosen again, and resets to nothing in forms', () => {
    const chosen = { ...ALL_FILTERS, farmId: 'f1', fieldId: 'fl1' };
    expect(changeFilter(chosen, 'farm', 'f1')).toBe(chosen);
    expect(changeFilter(chosen, 'farm', 'f2', '')).toMatchObject({ fieldId: '', seasonId: '', cropId: '' });
  });
});

describe('CascadingSelects', () => {
  it("starts every selector at its 'All …' entry with id '0'", async () => {
    mockApi((url) => (url.pathname === '/v1/filters' ? { body: optionsFor(null, null) } : undefined));
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('option', { name: 'Green Acres' })).toBeInTheDocument();
    for (const [label, all] of [['Farm', 'All Farms'], ['Field', 'All Fields'], ['Season', 'All Seasons'], ['Crop', 'All Crops'], ['User', 'All Users']]) {
      const select = screen.getByRole('combobox', { name: label });
      expect(select).toHaveValue('0');
      expect(screen.getByRole('option', { name: all })).toHaveValue('0');
    }
  });

  it('choosing a farm loads its fields and resets field, season and crop to All', async () => {
    const api = mockApi((url) =>
      url.pathname === '/v1/filters' ? { body: optionsFor(url.searchParams.get('farmId'), url.searchParams.get('fieldId')) } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await screen.findByRole('option', { name: 'Green Acres' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Farm' }), 'f1');
    await screen.findByRole('option', { name: 'North Field' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field' }), 'fl1');
    await screen.findByRole('option', { name: 'Season of fl1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Season' }), 's-fl1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Crop' }), 'c1');
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({
      farmId: 'f1', fieldId: 'fl1', seasonId: 's-fl1', cropId: 'c1', userId: '0',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Farm' }), 'f2');
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({
      farmId: 'f2', fieldId: '0', seasonId: '0', cropId: '0', userId: '0',
    });
    expect(screen.getByRole('combobox', { name: 'Field' })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: 'Crop' })).toHaveValue('0');
    // The field list now holds the new farm's fields, asked for with its id.
    expect(await screen.findByRole('option', { name: 'Upper Block' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'North Field' })).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.url.searchParams.get('farmId') === 'f2' && !c.url.searchParams.has('fieldId'))).toBe(true);
  });

  it('choosing a field resets season and crop but keeps the farm', async () => {
    mockApi((url) => (url.pathname === '/v1/filters' ? { body: optionsFor(url.searchParams.get('farmId'), url.searchParams.get('fieldId')) } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await screen.findByRole('option', { name: 'Green Acres' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Farm' }), 'f1');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Field' }), await screen.findByRole('option', { name: 'North Field' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Season' }), await screen.findByRole('option', { name: 'Season of fl1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field' }), 'fl2');
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toMatchObject({ farmId: 'f1', fieldId: 'fl2', seasonId: '0', cropId: '0' });
  });

  it('shows Retry when the choices cannot be loaded', async () => {
    mockApi(() => ({ status: 500, message: 'Server trouble' }));
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the filter choices.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
