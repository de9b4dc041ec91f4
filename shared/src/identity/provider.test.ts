import { rememberLocale } from '../i18n/locale';

const auth = { languageCode: null as string | null, emulatorConfig: null, settings: {} };
jest.mock('firebase/app', () => ({ getApps: () => [], initializeApp: () => ({}) }));
jest.mock('firebase/auth', () => ({ getAuth: () => auth, connectAuthEmulator: jest.fn() }));
jest.mock('../api/client', () => ({
  api: { get: async () => ({ firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x', emulatorUrl: 'http://127.0.0.1:9099' } }) },
}));

describe('loadProvider', () => {
  it("has the provider's e-mails and SMS written in the language the page speaks at the time", async () => {
    const { loadProvider } = await import('./provider');
    rememberLocale('sw');
    expect((await loadProvider()).auth.languageCode).toBe('sw');
    rememberLocale('en');
    expect((await loadProvider()).auth.languageCode).toBe('en');
  });
});
