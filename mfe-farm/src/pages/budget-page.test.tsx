import { screen, within } from '@testing-library/react';
import type { BudgetSummary } from '@shambasoko/contracts';
import { renderPage } from '@shambasoko/shared/testing';
import { IDS, farmOf, mockFarmApi } from '../testing/fixtures';
import BudgetPage from './budget-page';

const ZERO = { planned: 0, actual: 0, remaining: 0, variance: 0, percentage: 0 };
const summaryOf = (over: Partial<BudgetSummary>): BudgetSummary => ({ ...ZERO, categories: [], ...over });

function show(summary: BudgetSummary) {
  mockFarmApi({ 'GET /v1/budget/summary': () => ({ body: summary }) });
  renderPage(<BudgetPage />);
}

describe('BudgetPage', () => {
  it('asks a user with no budget to set their first one, with no "Under budget" figures', async () => {
    show(summaryOf({}));
    const cta = await screen.findByTestId('first-budget');
    expect(within(cta).getByRole('heading', { name: 'Set your first budget' })).toBeInTheDocument();
    expect(await within(cta).findByRole('button', { name: 'Set your first budget' })).toBeInTheDocument();
    expect(screen.queryByText(/Under budget/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('budget-cards')).not.toBeInTheDocument();
  });

  it('shows the remaining figure once: no Variance card repeating it', async () => {
    show(summaryOf({ planned: 100_000, actual: 60_000, remaining: 40_000, variance: 40_000, percentage: 60 }));
    const cards = await screen.findByTestId('budget-cards');
    expect(within(cards).getByText('Remaining')).toBeInTheDocument();
    expect(within(cards).queryByText('Variance')).not.toBeInTheDocument();
    expect(within(cards).getAllByText(/40,000/)).toHaveLength(1);
    // The ring keeps the percentage; its own copy of the amounts is left out on this page.
    expect(screen.queryByTestId('budget-remaining')).not.toBeInTheDocument();
  });

  it('names an overspend once, as "Over Budget By"', async () => {
    show(summaryOf({ planned: 100_000, actual: 125_000, remaining: -25_000, variance: -25_000, percentage: 125 }));
    const cards = await screen.findByTestId('budget-cards');
    expect(within(cards).getByText('Over Budget By')).toBeInTheDocument();
    expect(within(cards).getAllByText(/^Ksh\s25,000$/)).toHaveLength(1);
  });
});

describe('BudgetPage for someone who keeps no farm’s books', () => {
  it('says plainly who sees budgets and costs, instead of empty figures and greyed buttons', async () => {
    // What the API answers such a person across farms: nothing of the farms they may not see.
    mockFarmApi(
      { 'GET /v1/budget/summary': () => ({ body: summaryOf({}) }) },
      { farms: [farmOf({ myRole: 'Field Worker' }), farmOf({ id: IDS.farm2, myRole: 'Viewer' })] },
    );
    renderPage(<BudgetPage />);
    expect(await screen.findByText('No budget or costs to show')).toBeInTheDocument();
    expect(screen.getByText(/shown to its Owner, Farm Managers and Accountants/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Budget' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('first-budget')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent Costs' })).not.toBeInTheDocument();
  });

  it('shows the budget to an Accountant of one farm who is a Field Worker on another', async () => {
    mockFarmApi(
      { 'GET /v1/budget/summary': () => ({ body: summaryOf({}) }) },
      { farms: [farmOf({ myRole: 'Field Worker' }), farmOf({ id: IDS.farm2, myRole: 'Accountant' })] },
    );
    renderPage(<BudgetPage />);
    expect(await screen.findByTestId('first-budget')).toBeInTheDocument();
    expect(screen.queryByText('No budget or costs to show')).not.toBeInTheDocument();
  });
});
