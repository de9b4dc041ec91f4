import { screen } from '@testing-library/react';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import { farmUserOf, mockFarmApi } from '../../testing/fixtures';
import UsersPage from './users-page';

describe('UsersPage', () => {
  it('makes a phone number tap-to-call', async () => {
    mockFarmApi({ 'GET /v1/farm-users': () => ({ body: listPage([farmUserOf()]) }) });
    renderPage(<UsersPage />, { url: '/users' });
    const links = await screen.findAllByRole('link', { name: 'Call Juma Otieno on +254 712 345 678' });
    expect(links[0]).toHaveAttribute('href', 'tel:+254712345678');
  });
});
