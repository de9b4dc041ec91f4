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

describe('Tabs that do not fit (a 412 px phone)', () => {
  // jsdom lays nothing out: the list is 200 px wide, each tab 100 px, side by side.
  const many: TabItem[] = ['Fields', 'Seasons', 'Crops', 'Activities', 'Costs', 'Budget', 'Users', 'Farm Settings'].map((label) => ({
    id: label.toLowerCase(),
    label,
    content: <p>{label} panel</p>,
  }));
  const scroll = new WeakMap<Element, number>();
  const isList = (el: Element) => el.getAttribute('role') === 'tablist';
  const tabIndex = (el: Element) => [...(el.parentElement?.children ?? [])].indexOf(el);

  beforeEach(() => {
    jest.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
      return isList(this) ? 200 : 0;
    });
    jest.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
      return isList(this) ? many.length * 100 : 0;
    });
    jest.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
      return scroll.get(this) ?? 0;
    });
    jest.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation(function (this: Element, value: number) {
      scroll.set(this, value);
    });
    jest.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'tab' ? tabIndex(this) * 100 : 0;
    });
    jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'tab' ? 100 : 0;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const overflow = () => screen.getByRole('tablist').parentElement!.getAttribute('data-overflow');

  it('says that more tabs follow, and keeps every tab reachable by name', () => {
    render(<Tabs items={many} label="Farm sections" />);
    expect(overflow()).toBe('after');
    expect(screen.getByRole('tablist').style.maskImage).toMatch(/transparent\)$/);
    for (const item of many) expect(screen.getByRole('tab', { name: item.label as string })).toBeInTheDocument();
  });

  it('brings the next tabs in with the arrow at the edge (for a pointer; keys move tab by tab)', async () => {
    const { container } = render(<Tabs items={many} label="Farm sections" />);
    const arrows = () => container.querySelectorAll('button[aria-hidden="true"]');
    expect(arrows()).toHaveLength(1);
    await userEvent.click(arrows()[0]!);
    expect(screen.getByRole('tablist').scrollLeft).toBe(120);
    expect(overflow()).toBe('before after');
    expect(arrows()).toHaveLength(2);
  });

  it('scrolls the selected tab into view, clear of the fade, with hints on both sides', () => {
    render(<Tabs items={many} label="Farm sections" defaultValue="costs" />);
    const list = screen.getByRole('tablist');
    // Costs spans 400-500: shown whole with the 40 px fade after it.
    expect(list.scrollLeft).toBe(340);
    expect(overflow()).toBe('before after');
  });

  it('follows the arrow keys to the last tab, whose edge then has no hint', async () => {
    render(<Tabs items={many} label="Farm sections" />);
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Farm Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist').scrollLeft).toBe(640);
    expect(overflow()).toBe('before');
  });
});
