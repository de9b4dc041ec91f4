let signInCodeLoaded = false;
const signInWithEmailMock = jest.fn(async (_email: string, _password: string) => undefined);

// Counts when the sign-in code is evaluated: a static import from auth-actions.ts would evaluate it as
// soon as the shared package loads, putting it in the shell's first chunk again.
jest.mock('./sign-in-actions', () => {
  signInCodeLoaded = true;
  return { signInWithEmail: signInWithEmailMock };
});
jest.mock('./provider', () => ({ loadProvider: jest.fn(async () => ({})) }));

describe('sign-in actions on demand', () => {
  it('leaves the sign-in code out until an action runs, then runs it with the same arguments', async () => {
    const actions = await import('./auth-actions');
    expect(signInCodeLoaded).toBe(false);
    await actions.signInWithEmail('wanjiru@example.co.ke', 'secret1');
    expect(signInCodeLoaded).toBe(true);
    expect(signInWithEmailMock).toHaveBeenCalledWith('wanjiru@example.co.ke', 'secret1');
  });
});
