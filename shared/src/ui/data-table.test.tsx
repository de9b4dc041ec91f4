import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge } from './badge';
import { DataTable, type DataTableColumn } from './data-table';
import { EmptyState } from './empty-state';

type Season = { id: string; name: string; crop: string; status: 'Active' | 'Completed' };

const seasons: Season[] = [
  { id: 's1', name: 'Long Rains 2025', crop: 'Maize', status: 'Active' },
  { id: 's2', name: 'Short Rains 2024', crop: 'Beans', status: 'Completed' },
];

const columns: DataTableColumn<Season>[] = [
  { key: 'name', header: 'Season Name', render: (s) => s.name },
  { key: 'crop', header: 'Crop Type', render: (s) => s.crop },
  { key: 'status', header: 'Status', render: (s) => <Badge tone="success">{s.status}</Badge> },
];

describe('DataTable', () => {
  it('renders a table with column headers and one row per item', () => {
    render(<DataTable columns={columns} rows={seasons} rowKey="id" caption="Seasons" />);
    const table = screen.getByRole('table', { name: 'Seasons' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Season Name', 'Crop Type', 'Status']);
    headers.forEach((h) => expect(h).toHaveAttribute('scope', 'col'));
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(
      within(bodyRows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Long Rains 2025', 'Maize', 'Active']);
  });

  it('renders the same rows as cards with header: value pairs for phones', () => {
    render(<DataTable columns={columns} rows={seasons} rowKey={(s) => s.id} caption="Seasons" />);
    const list = screen.getByRole('list', { name: 'Seasons' });
    expect(list).toHaveClass('sm:hidden');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const terms = within(cards[1]!)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(cards[1]!)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Season Name', 'Crop Type', 'Status']);
    expect(values).toEqual(['Short Rains 2024', 'Beans', 'Completed']);
  });

  it('shows the empty node when there are no rows', () => {
    render(<DataTable columns={columns} rows={[]} rowKey="id" empty={<EmptyState title="No seasons found." />} />);
    expect(screen.getByText('No seasons found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading', () => {
    render(<DataTable columns={columns} rows={seasons} rowKey="id" loading caption="Seasons" />);
    expect(screen.getByRole('status', { name: 'Loading Seasons' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with a Retry button', async () => {
    const onRetry = jest.fn();
    render(<DataTable columns={columns} rows={[]} rowKey="id" error="Could not load seasons" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Could not load seasons');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps rows already shown when a refresh fails, with a notice and Retry above them', async () => {
    const onRetry = jest.fn();
    render(
      <DataTable
        columns={columns}
        rows={seasons}
        rowKey="id"
        caption="Seasons"
        error="We can't reach ShambaSoko right now."
        onRetry={onRetry}
      />,
    );
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent("We can't reach ShambaSoko right now. Showing the list as it was last loaded.");
    expect(notice).not.toHaveTextContent('Something went wrong');
    expect(within(screen.getByRole('table', { name: 'Seasons' })).getByText('Long Rains 2025')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Seasons' })).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('calls onRowClick from a click or Enter, but not from a button inside the row', async () => {
    const onRowClick = jest.fn();
    const onDelete = jest.fn();
    const withActions: DataTableColumn<Season>[] = [
      ...columns,
      {
        key: 'actions',
        header: 'Actions',
        render: (s) => (
          <button type="button" aria-label={`Delete ${s.name}`} onClick={() => onDelete(s.id)}>
            x
          </button>
        ),
      },
    ];
    render(<DataTable columns={withActions} rows={seasons} rowKey="id" onRowClick={onRowClick} />);
    const table = screen.getByRole('table');

    await userEvent.click(within(table).getByText('Beans'));
    expect(onRowClick).toHaveBeenLastCalledWith(seasons[1]);

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Long Rains 2025' }));
    expect(onDelete).toHaveBeenCalledWith('s1');
    expect(onRowClick).toHaveBeenCalledTimes(1);

    const firstRow = within(table).getAllByRole('row')[1]!;
    firstRow.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(seasons[0]);

    const card = within(screen.getByRole('list')).getAllByRole('listitem')[0]!;
    await userEvent.click(within(card).getByText('Maize'));
    expect(onRowClick).toHaveBeenLastCalledWith(seasons[0]);
    expect(onRowClick).toHaveBeenCalledTimes(3);
  });

  it('leaves rows inert without onRowClick', () => {
    render(<DataTable columns={columns} rows={seasons} rowKey="id" />);
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).not.toHaveAttribute('tabindex');
  });
});
