import { useT } from '../../../i18n';
import { LEGAL_CONTACT } from '../legal-document';

interface ContactDetailsProps {
  /** Add the Data Protection Officer's address (privacy and data questions). */
  withDpo?: boolean;
}

export function ContactDetails({ withDpo = false }: ContactDetailsProps) {
  const t = useT();
  return (
    <address className="not-italic">
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-[max-content_1fr]">
        {withDpo && (
          <>
            <dt className="font-semibold text-stone-900">{t('contact.dpo')}</dt>
            <dd>
              <a href={`mailto:${LEGAL_CONTACT.dpoEmail}`}>{LEGAL_CONTACT.dpoEmail}</a>
            </dd>
          </>
        )}
        <dt className="font-semibold text-stone-900">{t('contact.legal')}</dt>
        <dd>
          <a href={`mailto:${LEGAL_CONTACT.email}`}>{LEGAL_CONTACT.email}</a>
        </dd>
        <dt className="font-semibold text-stone-900">{t('contact.phone')}</dt>
        <dd>
          <a href={LEGAL_CONTACT.phoneHref}>{LEGAL_CONTACT.phone}</a>
        </dd>
        <dt className="font-semibold text-stone-900">{t('contact.address')}</dt>
        <dd>{t('contact.addressValue', { address: LEGAL_CONTACT.address })}</dd>
      </dl>
    </address>
  );
}
