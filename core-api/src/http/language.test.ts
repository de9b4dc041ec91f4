import { z } from 'zod';
import { ApiError, ok } from './envelope';
import { languageOf, translateFor } from './language';
import { validated } from './validate';
import { useTestApp } from '../testing/use-test-app';
import type { TestApp } from '../testing/test-app';

describe('languageOf (Accept-Language)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['sw-KE', 'sw'],
    ['sw', 'sw'],
    ['en-KE', 'en'],
    ['fr-FR, de', 'en'],
    ['en;q=0.5, sw-KE;q=0.9', 'sw'],
    ['sw-KE;q=0.4, en-KE', 'en'],
    ['sw-KE;q=0, en', 'en'],
    ['swedish', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('translateFor', () => {
  it('leaves English as it is', () => {
    expect(translateFor('Please sign in to continue.', 'en')).toBe('Please sign in to continue.');
  });

  it('translates each issue of a joined validation message, keeping field names', () => {
    expect(translateFor('name: is required; size: must be more than 0', 'sw')).toBe('name: inahitajika; size: lazima iwe zaidi ya 0');
  });

  it('tells notices in Kiswahili even where a looser entry also matches ("{product} on {date}")', () => {
    expect(translateFor('Dispute on order SS-1042', 'sw')).toBe('Mgogoro kwenye agizo SS-1042');
    expect(translateFor('Sale SS-1042: delivery confirmed', 'sw')).toBe('Mauzo SS-1042: uwasilishaji umethibitishwa');
  });

  it('keeps a message it does not know in English', () => {
    expect(translateFor('Xyzzy plugh', 'sw')).toBe('Xyzzy plugh');
  });
});

describe("the API answers in the caller's language", () => {
  let testApp: TestApp;
  useTestApp((app) => {
    testApp = app;
    app.app.get('/test/language/refused', async () => {
      throw new ApiError(409, 'This person is already a user of this farm');
    });
    app.app.get('/test/language/done', async () => ok({}, 'Signed out'));
    app.app.post(
      '/test/language/form',
      validated({ body: z.object({ name: z.string({ error: 'is required' }) }) }, async () => ok({})),
    );
  });
  const sw = { 'accept-language': 'sw-KE' };

  it('an ApiError, a success and a validation error in Kiswahili for sw-KE', async () => {
    const refused = await testApp.request({ method: 'GET', url: '/test/language/refused', headers: sw });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().header.customerMessage).toBe('Mtu huyu tayari ni mtumiaji wa shamba hili');
    expect(refused.headers.vary).toMatch(/accept-language/i);

    const done = await testApp.request({ method: 'GET', url: '/test/language/done', headers: sw });
    expect(done.json().header).toEqual({ isSuccess: true, customerMessage: 'Umetoka' });

    const form = await testApp.request({ method: 'POST', url: '/test/language/form', headers: sw, payload: {} });
    expect(form.statusCode).toBe(400);
    expect(form.json().header.customerMessage).toBe('name: inahitajika');
  });

  it('the sign-in refusal and an unknown route in Kiswahili, and the same in English without the header', async () => {
    const signIn = await testApp.request({ method: 'GET', url: '/v1/notifications', headers: sw });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().header.customerMessage).toBe('Tafadhali ingia ili uendelee.');
    const english = await testApp.request({ method: 'GET', url: '/v1/notifications', headers: { 'accept-language': 'en-KE' } });
    expect(english.json().header.customerMessage).toBe('Please sign in to continue.');

    const missing = await testApp.request({ method: 'GET', url: '/v1/nowhere', headers: sw });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().header.customerMessage).toBe('Njia GET /v1/nowhere haipo');
    const plain = await testApp.request({ method: 'GET', url: '/v1/nowhere' });
    expect(plain.json().header.customerMessage).toBe('Route GET /v1/nowhere not found');
  });
});
