import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { ApiKey, Webhook, WebhookDelivery } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import IntegrationsPage from './integrations-page';

function signInAsAdmin() {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles: ['Admin'] } as typeof user });
}

const SHOP = '7d1f4c2e-0000-4000-8000-0000000000b1';
const SECRET = `sk_live_${'A'.repeat(43)}`;
const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: '7d1f4c2e-0000-4000-8000-0000000000k1',
  org: { kind: 'shop', id: SHOP, name: 'Achieng Farm' },
  name: 'Coop ERP',
  prefix: SECRET.slice(0, 14),
  scopes: ['orders:read'],
  createdAt: '2026-12-02T08:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: '7d1f4c2e-0000-4000-8000-0000000000w1',
  org: { kind: 'shop', id: SHOP, name: 'Achieng Farm' },
  url: 'https://partner.example/hooks',
  events: ['order.placed'],
  createdAt: '2026-12-02T08:00:00Z',
  disabledAt: null,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '7d1f4c2e-0000-4000-8000-0000000000d1',
  eventId: '7d1f4c2e-0000-4000-8000-0000000000e1',
  eventType: 'test.ping',
  status: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  createdAt: '2026-12-02T08:01:00Z',
  deliveredAt: '2026-12-02T08:01:01Z',
  nextAttemptAt: null,
  ...over,
});

describe('Integrations', () => {
  it('creates a key from the form, shows the whole key once, then only its prefix', async () => {
    signInAsAdmin();
    let keys: ApiKey[] = [];
    const api = mockApi({
      'GET /v1/admin/integrations': () => ({ body: { keys, webhooks: [] } }),
      'POST /v1/admin/integrations/keys': () => {
        keys = [key()];
        return { status: 201, body: { key: keys[0], secret: SECRET } };
      },
    });
    renderPage(<IntegrationsPage />, { url: '/admin/integrations' });
    const form = await screen.findByRole('form', { name: 'New API key' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(/Key name is required/)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: /Shop id/ }), SHOP);
    await userEvent.type(within(form).getByRole('textbox', { name: /Key name/ }), 'Coop ERP');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'orders:read' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ body: { org: { kind: 'shop', id: SHOP }, name: 'Coop ERP', scopes: ['orders:read'] } }),
      ]),
    );
    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent(SECRET);
    expect(shown).toHaveTextContent('it will not be shown again');
    const item = await screen.findByRole('article', { name: 'Coop ERP' });
    expect(item).toHaveTextContent(`${SECRET.slice(0, 14)}…`);
    expect(item).not.toHaveTextContent(SECRET);
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('sends a partner name, not an id, for a partner', async () => {
    signInAsAdmin();
    const api = mockApi({
      'GET /v1/admin/integrations': () => ({ body: { keys: [], webhooks: [] } }),
      'POST /v1/admin/integrations/keys': () => ({
        status: 201,
        body: { key: key({ org: { kind: 'partner', id: null, name: 'Rift Lenders' } }), secret: SECRET },
      }),
    });
    renderPage(<IntegrationsPage />, { url: '/admin/integrations' });
    const form = await screen.findByRole('form', { name: 'New API key' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Organisation/ }), 'partner');
    await userEvent.type(within(form).getByRole('textbox', { name: /Partner's name/ }), 'Rift Lenders');
    await userEvent.type(within(form).getByRole('textbox', { name: /Key name/ }), 'Loans');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'orders:read' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ body: { org: { kind: 'partner', name: 'Rift Lenders' }, name: 'Loans', scopes: ['orders:read'] } }),
      ]),
    );
  });

  it('sends a test event and shows it in the delivery log', async () => {
    signInAsAdmin();
    let log: WebhookDelivery[] = [];
    const api = mockApi({
      'GET /v1/admin/integrations': () => ({ body: { keys: [], webhooks: [hook()] } }),
      [`GET /v1/admin/integrations/webhooks/${hook().id}/deliveries`]: () => ({ body: { items: log } }),
      [`POST /v1/admin/integrations/webhooks/${hook().id}/test`]: () => {
        log = [delivery()];
        return { body: log[0] };
      },
    });
    renderPage(<IntegrationsPage />, { url: '/admin/integrations' });
    const item = await screen.findByRole('article', { name: 'https://partner.example/hooks' });
    await userEvent.click(within(item).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const entries = await within(item).findByRole('list', { name: 'Delivery log' });
    await waitFor(() => expect(entries).toHaveTextContent('test.ping'));
    expect(entries).toHaveTextContent('Delivered');
    expect(entries).toHaveTextContent('HTTP 200');
  });

  it("shows the test event even when the log's first read was answered after it was sent", async () => {
    // Opening the log and sending happen in one tap: on a slow link the log's first read (asked before
    // the event existed) can come back after the send. The log must ask again, not keep that answer.
    signInAsAdmin();
    let log: WebhookDelivery[] = [];
    let sent!: () => void;
    const afterSend = new Promise<void>((resolve) => (sent = resolve));
    let reads = 0;
    mockApi({
      'GET /v1/admin/integrations': () => ({ body: { keys: [], webhooks: [hook()] } }),
      [`GET /v1/admin/integrations/webhooks/${hook().id}/deliveries`]: async () => {
        reads += 1;
        const asked = log;
        if (reads === 1) await afterSend;
        return { body: { items: asked } };
      },
      [`POST /v1/admin/integrations/webhooks/${hook().id}/test`]: () => {
        log = [delivery()];
        setTimeout(sent, 0);
        return { body: log[0] };
      },
    });
    renderPage(<IntegrationsPage />, { url: '/admin/integrations' });
    const item = await screen.findByRole('article', { name: 'https://partner.example/hooks' });
    await userEvent.click(within(item).getByRole('button', { name: 'Send test event' }));
    const entries = await within(item).findByRole('list', { name: 'Delivery log' });
    await waitFor(() => expect(entries).toHaveTextContent('test.ping'));
  });
});
