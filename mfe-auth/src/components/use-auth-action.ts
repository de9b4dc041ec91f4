import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { identityErrorMessage, isNoAccount } from '@shambasoko/shared';
import { afterSignIn } from './redirect-target';

/**
 * One auth action at a time (e-mail, Google, retry): while it runs `busy` names it; success goes on to
 * where sign-in was asked for, a failure shows in the red box above the form.
 */
export function useAuthAction<Kind extends string>() {
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setErrorText] = useState<string | null>(null);
  // The sign-in has no account (404): the page offers Create Account with the message.
  const [noAccount, setNoAccount] = useState(false);
  const [busy, setBusy] = useState<Kind | null>(null);
  const setError = (message: string | null) => {
    setErrorText(message);
    setNoAccount(false);
  };

  async function run(kind: Kind, action: () => Promise<unknown>, fallback: string) {
    setError(null);
    setBusy(kind);
    try {
      await action();
      navigate(afterSignIn(location), { replace: true });
    } catch (err) {
      setErrorText(identityErrorMessage(err, fallback));
      setNoAccount(isNoAccount(err));
      setBusy(null);
    }
  }
  return { error, setError, noAccount, busy, run };
}
