import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { identityErrorMessage } from '@shambasoko/shared';
import { afterSignIn } from './redirect-target';

/**
 * One auth action at a time (e-mail, Google, retry): while it runs `busy` names it; success goes on to
 * where sign-in was asked for, a failure shows in the red box above the form.
 */
export function useAuthAction<Kind extends string>() {
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Kind | null>(null);

  async function run(kind: Kind, action: () => Promise<unknown>, fallback: string) {
    setError(null);
    setBusy(kind);
    try {
      await action();
      navigate(afterSignIn(location), { replace: true });
    } catch (err) {
      setError(identityErrorMessage(err, fallback));
      setBusy(null);
    }
  }
  return { error, setError, busy, run };
}
