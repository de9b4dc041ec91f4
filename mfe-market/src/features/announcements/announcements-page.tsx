import { useMessageText, useSession } from '@shambasoko/shared';
import type { AuthoredAnnouncement } from '@shambasoko/contracts';
import { SELLER_ROLES } from '@shambasoko/contracts/role-values';
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, Skeleton } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-announcements';
import { useT as useRouteT } from '../../lib/i18n-routes';
import { formatDayTime } from '../../lib/nairobi-time';
import { useShopper } from '../../lib/session';
import { useAdminAnnouncements } from './api/admin-announcements';
import { useAnnouncements } from './api/announcements';
import { useDeleteAdminAnnouncement } from './api/delete-admin-announcement';
import { useSellerAnnouncements } from './api/seller-announcements';
import { AdminAnnouncementForm } from './components/admin-announcement-form';
import { SellerAnnouncementForm } from './components/seller-announcement-form';

/** /announcements: what reaches the reader; Admins also write to roles and counties, sellers to their followers. */
export default function AnnouncementsPage() {
  const t = useT();
  const routeT = useRouteT();
  const { userKey } = useShopper();
  const roles = useSession((s) => s.user?.roles) ?? [];
  const isAdmin = roles.includes('Admin');
  const isSeller = roles.some((r) => (SELLER_ROLES as readonly string[]).includes(r));
  const adminList = useAdminAnnouncements(userKey ?? '', userKey !== null && isAdmin);
  const sellerList = useSellerAnnouncements(userKey ?? '', userKey !== null && isSeller);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4 pb-24 sm:p-6">
      <PageHeader title={routeT('route.announcements')} subtitle={t('announcements.subtitle')} />
      {userKey === null ? (
        <EmptyState title={t('announcements.signIn')} message={t('announcements.signInHint')} />
      ) : (
        <>
          {isAdmin ? <AdminAnnouncementForm /> : null}
          {isAdmin ? <Authored title={t('announcements.sentByAdmin')} query={adminList} deletable /> : null}
          {isSeller ? <SellerAnnouncementForm /> : null}
          {isSeller ? <Authored title={t('announcements.sentBySeller')} query={sellerList} /> : null}
          <ForMe userKey={userKey} />
        </>
      )}
    </main>
  );
}

function ForMe({ userKey }: { userKey: string }) {
  const t = useT();
  const messageText = useMessageText();
  const list = useAnnouncements(userKey);
  return (
    <Card title={t('announcements.forYou')}>
      {list.isError ? (
        <ErrorState title={t('announcements.loadFailed')} message={messageText(list.error.message)} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton className="h-24" />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('announcements.none')} message={t('announcements.noneHint')} />
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('announcements.forYou')}>
          {list.data.items.map((a) => (
            <li key={a.id} className="py-3">
              <h3 className="font-semibold text-stone-900">{a.title}</h3>
              <p className="text-xs text-stone-500">
                {t('announcements.fromAt', { from: a.from ?? t('announcements.fromShambaSoko'), when: formatDayTime(a.publishedAt) })}
              </p>
              <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{a.body}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

interface AuthoredQuery {
  isError: boolean;
  isPending: boolean;
  data?: { items: AuthoredAnnouncement[] } | undefined;
  error: Error | null;
}

function Authored({ title, query, deletable = false }: { title: string; query: AuthoredQuery; deletable?: boolean }) {
  const t = useT();
  const messageText = useMessageText();
  const remove = useDeleteAdminAnnouncement();
  if (query.isError) return <ErrorState title={t('announcements.loadFailed')} message={messageText(query.error?.message ?? '')} />;
  if (query.isPending || !query.data) return <Skeleton className="h-16" />;
  return (
    <Card title={title}>
      {query.data.items.length === 0 ? (
        <p className="text-sm text-stone-500">{t('announcements.noneSent')}</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={title}>
          {query.data.items.map((a) => (
            <li key={a.id} className="flex flex-col gap-1 py-3">
              <div className="flex items-start justify-between gap-2">
                <span className="font-medium text-stone-900">{a.titleEn}</span>
                <Badge tone={a.state === 'scheduled' ? 'warning' : 'success'}>{t(`announcements.state.${a.state}`)}</Badge>
              </div>
              <span className="text-xs text-stone-500">
                {t('announcements.reachAt', { when: formatDayTime(a.publishAt), reach: a.reach })}
              </span>
              {a.roles.length > 0 ? (
                <span className="text-xs text-stone-500">
                  {[
                    ...a.roles.map((r) => t(`announcements.role.${r}` as 'announcements.role.Farmer')),
                    ...(a.counties.length ? a.counties : [t('announcements.allKenya')]),
                  ].join(' · ')}
                </span>
              ) : null}
              {deletable && a.state === 'scheduled' ? (
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={remove.isPending && remove.variables === a.id}
                    onClick={() => remove.mutate(a.id)}
                  >
                    {t('announcements.delete')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
