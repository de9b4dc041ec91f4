import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { buildFarm, newClient } from '../test-helpers';

// Issue 41: Add User by a phone number with no account yet texts the invitee, in the inviter's
// language (the invitee has none yet); by e-mail, or to an existing account, no such SMS.

let t: TestApp;
useTestApp((app) => (t = app));

const invitationSms = (to: string) =>
  t.db
    .selectFrom('notice_outbox')
    .select(['recipient', 'body', 'user_id'])
    .where('recipient', '=', to)
    .where('channel', '=', 'sms')
    .execute();

it('texts the invited number once, with the farm and a link to sign in', async () => {
  const owner = await newClient(t, { firstName: 'Wanjiru', lastName: 'Kamau' });
  await t.db.insertInto('user_preferences').values({ user_id: owner.user.id, language: 'sw' }).execute();
  const fx = await buildFarm(owner, 'Kijani Farm');
  const added = await owner.post(`/v1/farms/${fx.farm.id}/users`, { name: 'Otieno', phone: '0712 555 101', role: 'Field Worker' });
  expect(`${added.status} ${added.message}`).toMatch(/^201 /);
  expect(await invitationSms('+254712555101')).toEqual([
    {
      recipient: '+254712555101',
      user_id: null,
      body: 'ShambaSoko: Wanjiru Kamau amekualika kwenye shamba Kijani Farm. Ingia kwa nambari hii ujiunge: {app}/sign-in',
    },
  ]);

  const byEmail = await owner.post(`/v1/farms/${fx.farm.id}/users`, {
    name: 'Achieng',
    email: 'achieng@example.co.ke',
    phone: '0712 555 102',
    role: 'Field Worker',
  });
  expect(`${byEmail.status} ${byEmail.message}`).toMatch(/^201 /);
  expect(await invitationSms('+254712555102')).toEqual([]);
});
