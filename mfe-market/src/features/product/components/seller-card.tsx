import { Link } from 'react-router-dom';
import type { PublicSeller } from '@shambasoko/contracts';
import { Card } from '@shambasoko/shared/ui';
import { ContactSeller } from '../../../components/contact-seller';
import { MessageSeller } from '../../../components/message-seller';
import { MapPinIcon, VerifiedIcon } from '../../../components/icons';
import { RatingStars } from '../../../components/rating-stars';
import { storefrontPath } from '../../../components/market-paths';
import { useT, type Translate } from '../../../lib/i18n-product';

const WITHIN = /^Within (\d+) (hour|minute)s?$/;

/** A response time is free text, mostly "Within 2 hours" or "Within a day": those read in the page's language, the rest as written. */
function responseTime(t: Translate, sent: string): string {
  if (sent === 'Within a day') return t('seller.withinDay');
  const [, count, unit] = WITHIN.exec(sent) ?? [];
  if (!count) return sent;
  return t(unit === 'hour' ? 'seller.withinHours' : 'seller.withinMinutes', { count: Number(count) });
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

export function SellerCard({ seller, productName, productId }: { seller: PublicSeller; productName: string; productId?: string }) {
  const t = useT();
  return (
    <Card title={t('seller.title')} titleAs="h2">
      <div className="flex items-start gap-3">
        {seller.avatar ? (
          <img src={seller.avatar} alt="" className="size-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
          >
            {initials(seller.name)}
          </span>
        )}
        <div className="min-w-0">
          <p className="flex items-center gap-1 font-semibold text-stone-900">
            <Link to={storefrontPath(seller.id)} className="hover:text-brand-700 hover:underline">
              {seller.name}
            </Link>
            {seller.verified && (
              <span className="inline-flex items-center gap-0.5 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                <VerifiedIcon /> {t('seller.verified')}
              </span>
            )}
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-stone-600">
            <RatingStars rating={seller.rating} />
            <span className="tabular-nums">{t('seller.rating', { rating: seller.rating.toFixed(1), count: seller.reviews })}</span>
          </p>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
            <MapPinIcon className="text-stone-400" /> {seller.county}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-stone-500">{t('seller.memberSince')}</dt>
          <dd className="font-medium text-stone-900">{seller.memberSince}</dd>
        </div>
        <div>
          <dt className="text-stone-500">{t('seller.responseTime')}</dt>
          <dd className="font-medium text-stone-900">{responseTime(t, seller.responseTime)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-col gap-3">
        <MessageSeller sellerId={seller.id} productId={productId} />
        <ContactSeller sellerName={seller.name} phone={seller.phone} about={productName} />
        <Link to={storefrontPath(seller.id)} className="text-sm font-medium text-brand-700 hover:underline">
          {t('seller.visit', { name: seller.name })}
        </Link>
      </div>
    </Card>
  );
}
