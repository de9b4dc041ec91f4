import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, type TabItem } from './tabs';

const items: TabItem[] = [
  { id: 'fields', label: 'Fields', content: <p>Field list</p> },
  { id: 'seasons', label: 'Seasons', content: <p>Season timeline</p> },
  { id: 'crops', label: 'Crops', content: <p>Crop table</p>, disabled: true },
  { id: 'settings', label: 'Settings', content: <input aria-label="Farm Name" /> },
];

describe('Tabs', () => {
  it('wires tablist, tabs and panels with one tab stop', () => {
    render(<Tabs items={items} label="Farm sections" />);
    expect(screen.getByRole('tablist', { name: 'Farm sections' })).toBeInTheDocument();
    const fields = screen.getByRole('tab', { name: 'Fields' });
    expect(fields).toHaveAttribute('aria-selected', 'true');
    expect(fields).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Seasons' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Fields' });
    expect(panel).toHaveTextContent('Field list');
    expect(fields).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByText('Season timeline')).not.toBeInTheDocument();
  });

  it('moves and selects with arrow keys, skipping disabled tabs and wrapping, plus Home/End', async () => {
    render(<Tabs items={items} label="Farm sections" />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Fields' })).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Seasons' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Seasons' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Season timeline');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Fields' })).toHaveFocus();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();

    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Fields' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();

    // Tab leaves the tab list for the panel's content.
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('selects on click and reports changes when controlled', async () => {
    const onChange = jest.fn();
    function Controlled() {
      const [value, setValue] = useState('seasons');
      return (
        <Tabs
          items={items}
          value={value}
          onChange={(id) => {
            onChange(id);
            setValue(id);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tab', { name: 'Seasons' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(onChange).toHaveBeenCalledWith('settings');
    expect(screen.getByRole('tabpanel', { name: 'Settings' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Crops' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps hidden panels mounted when asked', async () => {
    render(<Tabs items={items} defaultValue="settings" keepMounted />);
    await userEvent.type(screen.getByLabelText('Farm Name'), 'Kilimo');
    await userEvent.click(screen.getByRole('tab', { name: 'Fields' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByLabelText('Farm Name')).toHaveValue('Kilimo');
  });
});
