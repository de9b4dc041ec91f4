import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import { mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';
import type { AnnouncementList, AuthoredAnnouncement, AppRole } from '@shambasoko/contracts';
import AnnouncementsPage from './announcements-page';

const withRoles = (roles: AppRole[]) => {
  signInAs();
  act(() => useSession.setState((s) => ({ user: s.user ? { ...s.user, roles } : null })));
};

const reaching: AnnouncementList = {
  items: [{ id: 'a1', title: 'Rains are coming', body: 'Plant maize this week.', from: null, publishedAt: '2026-12-01T06:00:00.000Z' }],
};
const authored = (over: Partial<AuthoredAnnouncement> = {}): AuthoredAnnouncement => ({
  id: 'n1',
  titleEn: 'Field day',
  bodyEn: 'Come',
  titleSw: 'Siku ya shamba',
  bodySw: 'Njoo',
  roles: ['Farmer'],
  counties: ['Nakuru'],
  publishAt: '2026-12-05T05:00:00.000Z',
  state: 'scheduled',
  reach: 0,
  ...over,
});

it('shows a Buyer what reached them, with no forms to write', async () => {
  withRoles(['Buyer']);
  mockApi({ 'GET /v1/announcements': () => ({ body: reaching }) });
  renderPage(<AnnouncementsPage />, { url: '/announcements' });
  const list = within(await screen.findByRole('list', { name: 'For you' }));
  expect(list.getByText('Rains are coming')).toBeInTheDocument();
  expect(list.getByText('Plant maize this week.')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'New announcement' })).not.toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Post to my followers' })).not.toBeInTheDocument();
});

it('lets an Admin send to Farmers in Nakuru at a Nairobi time, in both languages, and delete it while scheduled', async () => {
  withRoles(['Admin']);
  let sent: AuthoredAnnouncement[] = [];
  const api = mockApi({
    'GET /v1/announcements': () => ({ body: { items: [] } }),
    'GET /v1/admin/announcements': () => ({ body: { items: sent } }),
    'POST /v1/admin/announcements': () => {
      sent = [authored()];
      return { status: 201, body: sent[0], message: 'Announcement scheduled' };
    },
    'DELETE /v1/admin/announcements/n1': () => {
      sent = [];
      return { body: null, message: 'Announcement deleted' };
    },
  });
  const user = userEvent.setup();
  renderPage(<AnnouncementsPage />, { url: '/announcements' });
  const form = within(await screen.findByRole('form', { name: 'New announcement' }));

  // Nothing filled: the contract's messages, and nothing sent.
  await user.click(form.getByRole('button', { name: 'Send announcement' }));
  expect(await form.findByText('Title (Kiswahili) is required')).toBeInTheDocument();
  expect(form.getByText('Who it is for choose at least one role')).toBeInTheDocument();
  expect(api.writes()).toEqual([]);

  await user.type(form.getByLabelText('Title (English)'), 'Field day');
  await user.type(form.getByLabelText('Message (English)'), 'Come');
  await user.type(form.getByLabelText('Title (Kiswahili)'), 'Siku ya shamba');
  await user.type(form.getByLabelText('Message (Kiswahili)'), 'Njoo');
  await user.click(form.getByRole('checkbox', { name: 'Farmers' }));
  await user.selectOptions(form.getByLabelText(/^Counties/), ['Nakuru']);
  await user.type(form.getByLabelText('Publish at'), '2026-12-05T08:00');
  await user.click(form.getByRole('button', { name: 'Send announcement' }));

  await waitFor(() => expect(api.writes()).toHaveLength(1));
  expect(api.writes()[0]).toMatchObject({
    method: 'POST',
    path: '/v1/admin/announcements',
    body: {
      titleEn: 'Field day',
      bodyEn: 'Come',
      titleSw: 'Siku ya shamba',
      bodySw: 'Njoo',
      roles: ['Farmer'],
      counties: ['Nakuru'],
      publishAt: '2026-12-05T08:00:00+03:00',
    },
  });
  expect(await screen.findByText('Announcement scheduled.')).toBeInTheDocument();
  const mine = within(await screen.findByRole('list', { name: 'Sent and scheduled' }));
  expect(mine.getByText('Scheduled')).toBeInTheDocument();
  await user.click(mine.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(api.writes()).toHaveLength(2));
  expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/v1/admin/announcements/n1' });
});

it("lets a seller post to their followers and shows the API's refusal past three a day", async () => {
  withRoles(['Farmer']);
  let posts = 0;
  const api = mockApi({
    'GET /v1/announcements': () => ({ body: { items: [] } }),
    'GET /v1/seller/announcements': () => ({ body: { items: [] } }),
    'POST /v1/seller/announcements': () => {
      posts += 1;
      return posts === 1
        ? { status: 201, body: authored({ roles: [], counties: [], state: 'published', reach: 4 }), message: 'Sent to your followers' }
        : { status: 429, message: 'You can post 3 announcements a day; try again tomorrow' };
    },
  });
  const user = userEvent.setup();
  renderPage(<AnnouncementsPage />, { url: '/announcements' });
  const form = within(await screen.findByRole('form', { name: 'Post to my followers' }));
  await user.type(form.getByLabelText('Title'), 'Fresh tea');
  await user.type(form.getByLabelText('Message'), 'Picked today.');
  await user.click(form.getByRole('button', { name: 'Post' }));
  await waitFor(() => expect(api.writes()).toHaveLength(1));
  expect(api.writes()[0]).toMatchObject({ body: { title: 'Fresh tea', body: 'Picked today.' } });
  expect(await screen.findByText('Sent to your followers.')).toBeInTheDocument();

  await user.type(form.getByLabelText('Title'), 'Again');
  await user.type(form.getByLabelText('Message'), 'x');
  await user.click(form.getByRole('button', { name: 'Post' }));
  expect(await form.findByText('You can post 3 announcements a day; try again tomorrow')).toBeInTheDocument();
});

it('asks a guest to sign in', () => {
  signOut();
  mockApi({});
  renderPage(<AnnouncementsPage />, { url: '/announcements' });
  expect(screen.getByText('Sign in to see announcements')).toBeInTheDocument();
});
