import type { ReactNode } from 'react';
import { buttonClassName } from '@shambasoko/shared/ui';
import { useT } from '../lib/i18n-buy';
import { ChatIcon, PhoneIcon } from './icons';

/** A Kenyan number in any usual spelling (+254 7…, 07…, 7…) as its international digits, 2547…; null if unusable. */
function kenyanDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (/^254\d{9}$/.test(digits)) return digits;
  if (/^0\d{9}$/.test(digits)) return `254${digits.slice(1)}`;
  if (/^[17]\d{8}$/.test(digits)) return `254${digits}`;
  return null;
}

const WhatsAppIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-[1em]" fill="currentColor">
    <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.6a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.2-.2-.5-.3Z" />
  </svg>
);

function ContactLink({ href, icon, children, label }: { href: string; icon: ReactNode; children: ReactNode; label: string }) {
  return (
    <a
      href={href}
      aria-label={label}
      className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'flex-1 whitespace-nowrap' })}
      {...(href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {icon} {children}
    </a>
  );
}

/**
 * Contact Seller: call, text and WhatsApp the seller's own number. WhatsApp uses the seller's
 * WhatsApp number when they gave one, else their phone.
 */
export function ContactSeller({
  sellerName,
  phone,
  whatsapp = null,
  about,
}: {
  sellerName: string;
  phone: string;
  whatsapp?: string | null;
  /** What the buyer writes about (a product name), prefilled in the text and WhatsApp message. */
  about?: string;
}) {
  const t = useT();
  const call = kenyanDigits(phone);
  const chat = kenyanDigits(whatsapp) ?? call;
  if (!call && !chat) return <p className="text-sm text-stone-500">{t('contact.noPhone')}</p>;
  const text = encodeURIComponent(
    about ? t('contact.aboutProduct', { seller: sellerName, product: about }) : t('contact.aboutShop', { seller: sellerName }),
  );
  return (
    <div role="group" aria-label={t('contact.title')} className="flex flex-col gap-2">
      <p className="text-sm font-medium text-stone-800">{t('contact.title')}</p>
      <div className="flex flex-wrap gap-2">
        {call && (
          <>
            <ContactLink href={`tel:+${call}`} icon={<PhoneIcon />} label={t('contact.callLabel', { seller: sellerName })}>
              {t('contact.call')}
            </ContactLink>
            <ContactLink href={`sms:+${call}?body=${text}`} icon={<ChatIcon />} label={t('contact.smsLabel', { seller: sellerName })}>
              SMS
            </ContactLink>
          </>
        )}
        {chat && (
          <ContactLink
            href={`https://wa.me/${chat}?text=${text}`}
            icon={<WhatsAppIcon />}
            label={t('contact.whatsappLabel', { seller: sellerName })}
          >
            {t('contact.whatsapp')}
          </ContactLink>
        )}
      </div>
    </div>
  );
}
