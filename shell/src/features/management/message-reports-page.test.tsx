import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { MessageReport } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import MessageReportsPage from './message-reports-page';

jest.setTimeout(30_000);

function signInAsAdmin() {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles: ['Admin'] } as typeof user });
}

const report: MessageReport = {
  id: '7d1f4c2e-0000-4000-8000-0000000000a1',
  conversationId: '7d1f4c2e-0000-4000-8000-0000000000b1',
  subjectTitle: 'Sweet maize',
  reporterName: 'Wanjiku Mwangi',
  reason: 'fraud',
  note: 'Asked to pay outside',
  status: 'open',
  resolution: null,
  createdAt: '2026-11-22T09:00:00Z',
  messages: [{ senderName: 'Kipchoge Farm', text: 'Pay me on my own number', createdAt: '2026-11-22T08:59:00Z' }],
};

describe('Reports', () => {
  it('lists an open report with its messages and resolves it with a note', async () => {
    signInAsAdmin();
    let current = report;
    const api = mockApi({
      'GET /v1/admin/message-reports': (call) => ({
        body: { items: call.search.get('status') === current.status ? [current] : [] },
      }),
      'POST /v1/admin/message-reports/7d1f4c2e-0000-4000-8000-0000000000a1/resolve': (call) => {
        current = { ...current, status: 'resolved', resolution: (call.body as { note: string }).note };
        return { body: current };
      },
    });
    renderPage(<MessageReportsPage />, { url: '/admin/message-reports', path: '/admin/message-reports' });
    const card = await screen.findByRole('article', { name: 'Sweet maize' });
    expect(card).toHaveTextContent('Fraud');
    expect(card).toHaveTextContent('Pay me on my own number');
    await userEvent.type(screen.getByLabelText(/What was done/), 'Seller warned');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ note: 'Seller warned' });
    expect(await screen.findByText('No reports')).toBeInTheDocument();
  });
});
