import { SignJWT } from 'jose';
import { createVerifiedTokens, issueAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-test-secret-of-at-least-32-bytes-long';
const claims = { sub: '3f0c1d4e-0000-4000-8000-000000000001', fam: '3f0c1d4e-0000-4000-8000-000000000002' };

describe('verified access tokens', () => {
  it('checks a token’s signature once and answers its repeats from memory', async () => {
    const verified = createVerifiedTokens();
    const { token } = await issueAccessToken(SECRET, claims);
    for (let i = 0; i < 5; i += 1) {
      const result = await verifyAccessToken(SECRET, token, { verified });
      expect(result).toMatchObject({ ok: true, claims });
    }
    expect(verified.stats).toEqual({ checked: 1, remembered: 4 });
  });

  it('still judges expiry on every use of a remembered token', async () => {
    const verified = createVerifiedTokens();
    const now = Math.floor(Date.now() / 1000);
    const { token, expiresAt } = await issueAccessToken(SECRET, claims, now, 60);
    expect((await verifyAccessToken(SECRET, token, { verified, now })).ok).toBe(true);
    expect(await verifyAccessToken(SECRET, token, { verified, now: expiresAt })).toEqual({ ok: false, reason: 'expired' });
    // Refresh and logout still read it.
    expect((await verifyAccessToken(SECRET, token, { verified, now: expiresAt + 600, ignoreExpiry: true })).ok).toBe(true);
    expect(verified.stats.checked).toBe(1);
  });

  it('never lets a remembered token through under another secret, nor an edited one', async () => {
    const verified = createVerifiedTokens();
    const { token } = await issueAccessToken(SECRET, claims);
    expect((await verifyAccessToken(SECRET, token, { verified })).ok).toBe(true);
    expect(await verifyAccessToken(`${SECRET}-rotated`, token, { verified })).toEqual({ ok: false, reason: 'invalid' });
    const [head, body, signature] = token.split('.');
    const edited = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(SECRET, edited, { verified })).toEqual({ ok: false, reason: 'invalid' });
    // Refused tokens are not remembered: each is checked again.
    expect(await verifyAccessToken(SECRET, edited, { verified })).toEqual({ ok: false, reason: 'invalid' });
    expect(verified.stats.checked).toBe(4);
  });

  it('refuses another algorithm and missing claims as before', async () => {
    const verified = createVerifiedTokens();
    const key = new TextEncoder().encode(SECRET);
    const hs512 = await new SignJWT({ fam: claims.fam })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect(await verifyAccessToken(SECRET, hs512, { verified })).toEqual({ ok: false, reason: 'invalid' });
    const noFamily = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect(await verifyAccessToken(SECRET, noFamily, { verified })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('forgets everything once full rather than growing', async () => {
    const verified = createVerifiedTokens(2);
    const tokens = await Promise.all([1, 2, 3].map((i) => issueAccessToken(SECRET, claims, Math.floor(Date.now() / 1000) - i)));
    for (const { token } of tokens) await verifyAccessToken(SECRET, token, { verified });
    // The third emptied the map: the first is checked again.
    await verifyAccessToken(SECRET, tokens[0]!.token, { verified });
    expect(verified.stats).toEqual({ checked: 4, remembered: 0 });
  });
});
