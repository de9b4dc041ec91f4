import { shownEmail } from '@shambasoko/shared/contracts';
import { Badge } from '@shambasoko/shared/ui';

/** A phone number as a tap-to-call link of at least 44 px. */
export function PhoneLink({ name, phone }: { name: string; phone: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      aria-label={`Call ${name} on ${phone}`}
      className="inline-flex min-h-11 items-center text-brand-700 underline"
    >
      {phone}
    </a>
  );
}

/** Name (with Invited while the invitation is open), e-mail and phone, as far as the caller may see them. */
export function UserContact({ name, email, phone, invited }: { name: string; email: string; phone: string; invited: boolean }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-stone-900">
        {name} {invited && <Badge tone="warning">Invited</Badge>}
      </p>
      {shownEmail(email) && <p className="truncate text-stone-500">{email}</p>}
      {phone && <PhoneLink name={name} phone={phone} />}
    </div>
  );
}
