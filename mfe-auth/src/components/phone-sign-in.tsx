import { useRef, useState, type FormEvent } from 'react';
import {
  api,
  confirmPhoneCode,
  createPhoneAccount,
  identityErrorMessage,
  IDENTITY_MESSAGES,
  sendPhoneCode,
  updateDisplayName,
} from '@shambasoko/shared';
import { kenyanPhoneField, type SelfServiceRole } from '@shambasoko/contracts';
import { Button, FormError, TextField } from '@shambasoko/shared/ui';
import { useT } from '../i18n';
import { PolicyLinks } from './auth-layout';
import { useErrorText } from './error-text';
import { useGoOn } from './go-on';
import { RoleStep } from './role-step';

/**
 * 'create': the number has no account yet; its name, then its roles ('roles') and the policies make
 * one (sign-in never does).
 */
type Step = 'phone' | 'code' | 'name' | 'create' | 'roles';
const phoneSchema = kenyanPhoneField();
const CODE = /^\d{6}$/;

/**
 * Sign in (or, from Create Account, sign up) with a Kenyan phone number and the 6-digit SMS code; a
 * number without an account is asked its name and its roles before the account is made.
 */
export function PhoneSignIn({ onCancel, signUp = false }: { onCancel: () => void; signUp?: boolean }) {
  const t = useT();
  const msg = useErrorText();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>('phone');
  const [value, setValue] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [names, setNames] = useState({ firstName: '', lastName: '' });
  const done = useGoOn();

  async function attempt(action: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setError(identityErrorMessage(err, IDENTITY_MESSAGES.signIn));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (step === 'phone') {
      const parsed = phoneSchema.safeParse(value);
      if (!parsed.success) return setError(t('phone.numberProblem', { problem: msg(parsed.error.issues[0]?.message ?? 'is invalid') }));
      return void attempt(async () => {
        await sendPhoneCode(parsed.data, recaptcha.current!);
        setPhone(parsed.data);
        setValue('');
        setStep('code');
      });
    }
    if (step === 'code') {
      if (!CODE.test(value.trim())) return setError(t('phone.codeProblem'));
      return void attempt(async () => {
        const { needsName, needsAccount } = await confirmPhoneCode(value.trim());
        if (!needsName) return done();
        setValue('');
        setStep(needsAccount ? 'create' : 'name');
      });
    }
    const words = value.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return setError(t('phone.nameProblem'));
    const [firstName = '', ...rest] = words;
    const lastName = rest.join(' ');
    if (step === 'create') {
      setNames({ firstName, lastName });
      return setStep('roles');
    }
    void attempt(async () => {
      await api.patch('/v1/profile', { firstName, lastName });
      await updateDisplayName(firstName, lastName);
      done();
    });
  }

  if (step === 'roles') {
    const create = (roles: SelfServiceRole[]) =>
      void attempt(async () => {
        await createPhoneAccount(names.firstName, names.lastName, roles);
        await updateDisplayName(names.firstName, names.lastName);
        done();
      });
    return (
      <RoleStep
        onChoose={create}
        onChange={() => setError(null)}
        action={t('common.createAccount')}
        busyText={t('common.creatingAccount')}
        busy={busy}
        error={error}
      >
        <PolicyLinks action={t('common.createAccount')} />
      </RoleStep>
    );
  }

  const nameField = {
    label: t('phone.name'),
    type: 'text',
    inputMode: 'text' as const,
    autoComplete: 'name',
    placeholder: t('phone.namePlaceholder'),
  };
  const field = {
    phone: { label: t('phone.number'), type: 'tel', inputMode: 'tel' as const, autoComplete: 'tel', placeholder: '0712 345 678' },
    code: { label: t('phone.code'), type: 'text', inputMode: 'numeric' as const, autoComplete: 'one-time-code', placeholder: '123456' },
    name: nameField,
    create: nameField,
  }[step];
  const action = {
    phone: [t('phone.send'), t('phone.sending')],
    code: [t('phone.verify'), t('phone.verifying')],
    name: [t('phone.continue'), t('common.saving')],
    create: [t('phone.continue'), t('common.saving')],
  }[step];

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={signUp ? t('phone.signUpForm') : t('phone.form')}>
      <FormError message={msg(error)} />
      {step === 'code' ? <p className="text-sm text-stone-700">{t('phone.codeSent', { phone })}</p> : null}
      {step === 'create' ? (
        <p className="text-sm text-stone-700">{signUp ? t('phone.newAccount', { phone }) : t('phone.noAccount', { phone })}</p>
      ) : null}
      <TextField
        key={step}
        {...field}
        required
        value={value}
        maxLength={step === 'code' ? 6 : 60}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
      />
      <div ref={recaptcha} />
      <Button type="submit" className="w-full" loading={busy} loadingText={action[1]}>
        {action[0]}
      </Button>
      {step === 'phone' || step === 'code' ? (
        <Button variant="secondary" className="w-full" onClick={onCancel} disabled={busy}>
          {t('phone.useEmail')}
        </Button>
      ) : null}
    </form>
  );
}
