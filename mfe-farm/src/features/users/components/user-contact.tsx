import { shownEmail } from '@shambasoko/contracts';
import { Badge } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-users';

/** A phone number as a tap-to-call link of at least 44 px. */
export function PhoneLink({ name, phone }: { name: string; phone: string }) {
  const t = useT();
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      aria-label={t('users.call', { name, phone })}
      className="inline-flex min-h-11 items-center text-brand-700 underline"
    >
      {phone}
    </a>
  );
}

/** Name (with Invited while the invitation is open), e-mail and phone, as far as the caller may see them. */
export function UserContact({ name, email, phone, invited }: { name: string; email: string; phone: string; invited: boolean }) {
  const t = useT();
  return (
    <div className="min-w-0">
      <p className="font-medium text-stone-900">
        {name} {invited && <Badge tone="warning">{t('users.invited')}</Badge>}
      </p>
      {shownEmail(email) && <p className="truncate text-stone-500">{email}</p>}
      {phone && <PhoneLink name={name} phone={phone} />}
    </div>
  );
}
