import { useState } from 'react';
import { identityErrorMessage, isNoAccount } from '@shambasoko/shared';
import { useGoOn } from './go-on';

/**
 * One auth action at a time (e-mail, Google, retry): while it runs `busy` names it; success goes on to
 * where sign-in was asked for, a failure shows in the red box above the form.
 */
export function useAuthAction<Kind extends string>() {
  const goOn = useGoOn();
  const [error, setErrorText] = useState<string | null>(null);
  // The sign-in has no account (404): the page offers Create Account with the message.
  const [noAccount, setNoAccount] = useState(false);
  const [busy, setBusy] = useState<Kind | null>(null);
  const setError = (message: string | null) => {
    setErrorText(message);
    setNoAccount(false);
  };

  /** `action` answering false stays on the page (a next step to take there, e.g. choosing roles). */
  async function run(kind: Kind, action: () => Promise<unknown>, fallback: string) {
    setError(null);
    setBusy(kind);
    try {
      if ((await action()) === false) return setBusy(null);
      goOn();
    } catch (err) {
      setErrorText(identityErrorMessage(err, fallback));
      setNoAccount(isNoAccount(err));
      setBusy(null);
    }
  }
  return { error, setError, noAccount, busy, run };
}
