import type { ReactNode } from 'react';
import type { Seller } from '@shambasoko/shared';
import { Dialog } from '@shambasoko/shared/ui';
import { ChatIcon, MailIcon, PhoneIcon, VideoIcon } from '../../../components/icons';

function Action({ href, icon, title, detail }: { href?: string; icon: ReactNode; title: string; detail: ReactNode }) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-xl text-brand-700"
      >
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-medium text-stone-900">{title}</span>
        <span className="truncate text-sm text-stone-500">{detail}</span>
      </span>
    </>
  );
  const cls = 'flex min-h-14 w-full items-center gap-3 rounded-lg border border-stone-200 px-3 py-2 text-left';
  return href ? (
    <a href={href} className={`${cls} hover:border-brand-600 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600`}>
      {body}
    </a>
  ) : (
    <div aria-disabled="true" className={`${cls} opacity-60`}>
      {body}
    </div>
  );
}

/** Contact Seller: real tel:, sms: and mailto: links; video calls are not offered yet. */
export function ContactSellerDialog({
  seller,
  productName,
  open,
  onClose,
}: {
  seller: Seller;
  productName: string;
  open: boolean;
  onClose(): void;
}) {
  const phone = seller.phone.replace(/[^\d+]/g, '');
  const subject = encodeURIComponent(`ShambaSoko enquiry: ${productName}`);
  const smsBody = encodeURIComponent(`Hello ${seller.name}, I saw "${productName}" on ShambaSoko. `);
  return (
    <Dialog open={open} onClose={onClose} title="Contact Seller" description={`Reach ${seller.name} about ${productName}.`} size="sm">
      <div className="flex flex-col gap-2">
        <Action href={`tel:${phone}`} icon={<PhoneIcon />} title="Call Seller" detail={seller.phone} />
        <Action href={`sms:${phone}?body=${smsBody}`} icon={<ChatIcon />} title="Send Message" detail="Text message (SMS)" />
        <Action href={`mailto:${seller.email}?subject=${subject}`} icon={<MailIcon />} title="Send Email" detail={seller.email} />
        <Action
          icon={<VideoIcon />}
          title="Video Call"
          detail={<span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">Coming soon</span>}
        />
      </div>
    </Dialog>
  );
}
