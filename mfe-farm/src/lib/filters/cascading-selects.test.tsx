import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '@shambasoko/shared/testing';
import { filtersOf, IDS, OPTIONS } from '../../testing/fixtures';
import { CascadingSelects } from './cascading-selects';
import { ALL_FILTERS, changeFilter, useFilterState } from './filter-state';

const NORTH = OPTIONS.field;
const RIVER = { id: IDS.field2, name: 'River Plot' };
const UPPER = { id: IDS.field3, name: 'Upper Block' };
/** The season list names the field it was asked for, so a test sees which query answered. */
const seasonFor = (fieldId: string) => ({
  id: IDS.nth('5ea50', fieldId === RIVER.id ? 3 : 2),
  name: `Season of ${fieldId === RIVER.id ? 'River Plot' : 'North Field'}`,
});

/** GET /v1/filters as the API narrows it by the chosen farm and field. */
function mockFilters() {
  return mockApi({
    'GET /v1/filters': ({ search }) => {
      const fieldId = search.get('fieldId');
      return {
        body: filtersOf({
          farms: [OPTIONS.farm, OPTIONS.farm2],
          fields: search.get('farmId') === IDS.farm2 ? [UPPER] : [NORTH, RIVER],
          seasons: [fieldId ? seasonFor(fieldId) : OPTIONS.season],
          crops: [OPTIONS.crop],
          users: [OPTIONS.user],
        }),
      };
    },
  });
}

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
    mockFilters();
    renderPage(<Harness />);
    expect(await screen.findByRole('option', { name: 'Green Acres' })).toBeInTheDocument();
    for (const [label, all] of [
      ['Farm', 'All Farms'],
      ['Field', 'All Fields'],
      ['Season', 'All Seasons'],
      ['Crop', 'All Crops'],
      ['User', 'All Users'],
    ]) {
      const select = screen.getByRole('combobox', { name: label });
      expect(select).toHaveValue('0');
      expect(screen.getByRole('option', { name: all })).toHaveValue('0');
    }
  });

  it('choosing a farm loads its fields and resets field, season and crop to All', async () => {
    const api = mockFilters();
    const user = userEvent.setup();
    renderPage(<Harness />);
    await screen.findByRole('option', { name: 'Green Acres' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Farm' }), IDS.farm);
    await screen.findByRole('option', { name: 'North Field' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field' }), IDS.field);
    await screen.findByRole('option', { name: 'Season of North Field' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Season' }), 'Season of North Field');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Crop' }), IDS.crop);
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({
      farmId: IDS.farm,
      fieldId: IDS.field,
      seasonId: seasonFor(IDS.field).id,
      cropId: IDS.crop,
      userId: '0',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Farm' }), IDS.farm2);
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({
      farmId: IDS.farm2,
      fieldId: '0',
      seasonId: '0',
      cropId: '0',
      userId: '0',
    });
    expect(screen.getByRole('combobox', { name: 'Field' })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: 'Crop' })).toHaveValue('0');
    // The field list now holds the new farm's fields, asked for with its id.
    expect(await screen.findByRole('option', { name: 'Upper Block' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'North Field' })).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.search.get('farmId') === IDS.farm2 && !c.search.has('fieldId'))).toBe(true);
  });

  it('choosing a field resets season and crop but keeps the farm', async () => {
    mockFilters();
    const user = userEvent.setup();
    renderPage(<Harness />);
    await screen.findByRole('option', { name: 'Green Acres' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Farm' }), IDS.farm);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Field' }),
      await screen.findByRole('option', { name: 'North Field' }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Season' }),
      await screen.findByRole('option', { name: 'Season of North Field' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field' }), IDS.field2);
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toMatchObject({
      farmId: IDS.farm,
      fieldId: IDS.field2,
      seasonId: '0',
      cropId: '0',
    });
  });

  it('shows Retry when the choices cannot be loaded', async () => {
    mockApi(() => ({ status: 500, message: 'Server trouble' }));
    renderPage(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the filter choices.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
