// The identity provider SDK, loaded on first need. Only `import type` may name firebase at the top of
// any file: a value import would put the SDK into the first load of every page that touches shared.
import type { Auth } from 'firebase/auth';
import { api } from '../api/client';
import { currentLocale } from '../i18n/locale';
import type { IdentityConfig } from '@shambasoko/contracts/identity';

type AuthSdk = typeof import('firebase/auth');

export interface Provider {
  auth: Auth;
  sdk: AuthSdk;
}

let loading: Promise<Provider> | null = null;

/** The one app and auth instance, initialised from GET /v1/config (nothing about the provider is in the bundles). */
export function loadProvider(): Promise<Provider> {
  loading ??= init().catch((error: unknown) => {
    loading = null; // let a later action try again (offline at first)
    throw error;
  });
  // The provider's own e-mails (address confirmation, password reset) and SMS follow the page's language.
  return loading.then((provider) => {
    provider.auth.languageCode = currentLocale();
    return provider;
  });
}

async function init(): Promise<Provider> {
  const [appSdk, sdk, config] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
    api.get<IdentityConfig>('/v1/config', { auth: false }),
  ]);
  const { apiKey, authDomain, projectId, emulatorUrl } = config.firebase;
  const app = appSdk.getApps()[0] ?? appSdk.initializeApp({ apiKey, authDomain, projectId });
  const auth = sdk.getAuth(app);
  if (emulatorUrl && !auth.emulatorConfig) sdk.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  // The emulator sends no SMS and checks no reCAPTCHA: phone sign-in works without a real verifier there.
  if (emulatorUrl) auth.settings.appVerificationDisabledForTesting = true;
  return { auth, sdk };
}
