import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, Message } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import InboxPage from './inbox-page';
import ThreadPage from './thread-page';
import FarmChatPage from './farm-chat-page';

jest.setTimeout(30_000);

const conversation: Conversation = {
  id: 'c-1',
  subject: { kind: 'product', productId: 'p-1', orderId: null, farmId: null, title: 'Sweet maize', photo: null },
  participants: [{ id: 'seller-1', name: 'Achieng Otieno' }],
  lastMessage: { text: 'Is it dry?', senderId: 'u1', createdAt: '2026-03-02T06:00:00.000Z' },
  unread: 2,
  updatedAt: '2026-03-02T06:00:00.000Z',
};
const message = (over: Partial<Message>): Message => ({
  id: 'm-1',
  conversationId: 'c-1',
  senderId: 'u1',
  senderName: 'Wanjiku Kamau',
  text: 'Is it dry?',
  photos: [],
  createdAt: '2026-03-02T06:00:00.000Z',
  read: true,
  ...over,
});

describe('the messages pages', () => {
  beforeEach(() => signInAs());

  it('the inbox lists each conversation with its subject, last message and unread count', async () => {
    mockApi({
      'GET /v1/conversations': () => ({ body: { items: [conversation] } }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    renderPage(<InboxPage />, { url: '/messages', path: '/messages' });
    const row = await screen.findByTestId('conversation-row');
    expect(row).toHaveTextContent('Sweet maize');
    expect(row).toHaveTextContent('Is it dry?');
    expect(row).toHaveTextContent('2 unread');
    expect(row).toHaveAttribute('href', '/messages/c-1');
  });

  it('the thread shows read ticks on my messages, marks it read, and sends with an Idempotency-Key', async () => {
    const { calls } = mockApi({
      'GET /v1/conversations/c-1': () => ({ body: conversation }),
      'GET /v1/conversations/c-1/messages': () => ({
        body: {
          hasMore: false,
          items: [message({}), message({ id: 'm-2', senderId: 'seller-1', senderName: 'Achieng Otieno', text: 'Yes, dry', read: false })],
        },
      }),
      'POST /v1/conversations/c-1/read': () => ({ body: { ...conversation, unread: 0 } }),
      'POST /v1/conversations/c-1/messages': (call) => ({
        status: 201,
        body: message({ id: 'm-3', text: String((call.body as { text: string }).text), read: false }),
      }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    renderPage(<ThreadPage />, { url: '/messages/c-1', path: '/messages/:conversationId' });
    const bubbles = await screen.findAllByTestId('message');
    expect(bubbles[0]).toHaveTextContent('Read');
    expect(bubbles[1]).toHaveTextContent('Achieng Otieno');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/conversations/c-1/read')).toBe(true));

    await userEvent.type(screen.getByLabelText('Message'), 'Bring 2 bags');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/conversations/c-1/messages')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/v1/conversations/c-1/messages')!;
    expect(sent.body).toEqual({ text: 'Bring 2 bags' });
    expect(sent.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });

  it('refuses an empty message without sending it', async () => {
    const { writes } = mockApi({
      'GET /v1/conversations/c-1': () => ({ body: conversation }),
      'GET /v1/conversations/c-1/messages': () => ({ body: { hasMore: false, items: [] } }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    renderPage(<ThreadPage />, { url: '/messages/c-1', path: '/messages/:conversationId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Message/, { selector: '[id$="-error"], p' })).toBeInTheDocument();
    expect(writes().filter((c) => c.path.endsWith('/messages'))).toEqual([]);
  });

  it('reports the conversation with a reason and a note', async () => {
    const { writes } = mockApi({
      'GET /v1/conversations/c-1': () => ({ body: conversation }),
      'GET /v1/conversations/c-1/messages': () => ({ body: { hasMore: false, items: [] } }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
      'POST /v1/conversations/c-1/report': () => ({
        status: 201,
        body: {
          id: 'r-1',
          conversationId: 'c-1',
          subjectTitle: 'Sweet maize',
          reporterName: 'Wanjiku Kamau',
          reason: 'fraud',
          note: 'Asked to pay outside',
          status: 'open',
          resolution: null,
          createdAt: '2026-03-02T06:00:00.000Z',
          messages: [],
        },
      }),
    });
    renderPage(<ThreadPage />, { url: '/messages/c-1', path: '/messages/:conversationId' });
    await userEvent.click(await screen.findByText('Report this conversation'));
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'fraud');
    await userEvent.type(screen.getByLabelText('What happened'), 'Asked to pay outside');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Report sent');
    expect(writes().find((c) => c.path.endsWith('/report'))?.body).toEqual({ reason: 'fraud', note: 'Asked to pay outside' });
  });

  it('attaches a photo from the composer (sent at once, with a key), shows its thumbnail in the bubble and opens the full size', async () => {
    const full = `/v1/conversations/c-1/photos/${'a'.repeat(32)}-800.webp`;
    let items: Message[] = [];
    const { calls } = mockApi({
      'GET /v1/conversations/c-1': () => ({ body: conversation }),
      'GET /v1/conversations/c-1/messages': () => ({ body: { hasMore: false, items } }),
      'POST /v1/conversations/c-1/read': () => ({ body: { ...conversation, unread: 0 } }),
      'POST /v1/conversations/c-1/photos': () => {
        items = [message({ id: 'm-9', text: '', photos: [full], read: false })];
        return { status: 201, body: items[0] };
      },
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    // Photos are members-only bytes: fetched with the token, shown through object URLs.
    const mocked = globalThis.fetch;
    const fetched: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (!path.includes('/photos/')) return mocked(input, init);
      fetched.push(path);
      return { ok: true, status: 200, blob: async () => new Blob(['webp'], { type: 'image/webp' }) } as Response;
    }) as typeof fetch;
    URL.createObjectURL = jest.fn((blob: Blob) => `blob:${blob.size}-${fetched.length}`);
    URL.revokeObjectURL = jest.fn();

    renderPage(<ThreadPage />, { url: '/messages/c-1', path: '/messages/:conversationId' });
    const photo = new File([new Uint8Array(1000)], 'maize.jpg', { type: 'image/jpeg' });
    await userEvent.upload(await screen.findByLabelText('Attach photo'), photo);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/conversations/c-1/photos')).toBe(true));
    const sent = calls.find((c) => c.path === '/v1/conversations/c-1/photos')!;
    expect(sent.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(calls.some((c) => c.path === '/v1/conversations/c-1/messages' && c.method === 'POST')).toBe(false);

    expect(await screen.findByTestId('message-thumbnail')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(fetched).toEqual([full.replace('-800.webp', '-400.webp')]);
    await userEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    await waitFor(() => expect(dialog.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
    expect(fetched).toContain(full);
  });

  it('refuses a photo over 8 MB before sending it', async () => {
    const { writes } = mockApi({
      'GET /v1/conversations/c-1': () => ({ body: conversation }),
      'GET /v1/conversations/c-1/messages': () => ({ body: { hasMore: false, items: [] } }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    renderPage(<ThreadPage />, { url: '/messages/c-1', path: '/messages/:conversationId' });
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 8 * 1024 * 1024 + 1 });
    await userEvent.upload(await screen.findByLabelText('Attach photo'), huge);
    expect(await screen.findByText('Photos must be at most 8 MB')).toBeInTheDocument();
    expect(writes().filter((c) => c.path.endsWith('/photos'))).toEqual([]);
  });
});

describe('the messages pages sit in one <main>, their errors too', () => {
  beforeEach(() => signInAs());

  it('the inbox', async () => {
    mockApi({
      'GET /v1/conversations': () => ({ body: { items: [conversation] } }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    renderPage(<InboxPage />, { url: '/messages', path: '/messages' });
    expect(await screen.findByTestId('conversation-row')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Messages' }));
  });

  it('a conversation that cannot be loaded', async () => {
    mockApi({
      'GET /v1/conversations/c-1': () => ({ status: 404, body: null }),
      'GET /v1/conversations/c-1/messages': () => ({ status: 404, body: null }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    renderPage(<ThreadPage />, { url: '/messages/c-1', path: '/messages/:conversationId' });
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('main')).toContainElement(alert);
  });

  it("a farm's conversation that cannot be opened", async () => {
    mockApi({
      'GET /v1/conversations/farm/f-1': () => ({ status: 404, body: null }),
      'POST /v1/messages/stream-ticket': () => ({ status: 503 }),
    });
    renderPage(<FarmChatPage />, { url: '/messages/farm/f-1', path: '/messages/farm/:farmId' });
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('main')).toContainElement(alert);
  });
});
