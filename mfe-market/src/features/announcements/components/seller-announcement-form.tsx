import { useState } from 'react';
import type { z } from 'zod';
import { useMessageText } from '@shambasoko/shared';
import type { sellerAnnouncementRequestSchema } from '@shambasoko/contracts';
import { Button, Card, FormError, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-announcements';
import { usePostSellerAnnouncement } from '../api/post-seller-announcement';
import { errorFor } from './field-error';
import { lazyResolver, usePrefetchOnIntent } from '../../../lib/lazy-resolver';
import { useSmallForm } from '../../../lib/small-form';

// The contract's checks (zod and the schema) load on the first tap or key, not with the page.
const sellerChecks = lazyResolver(() => import('./form-checks').then((m) => m.sellerAnnouncementResolver));

type Input = z.input<typeof sellerAnnouncementRequestSchema>;
type Output = z.output<typeof sellerAnnouncementRequestSchema>;

/** A seller's Post to my followers: the buyers who favourited one of their products. */
export function SellerAnnouncementForm() {
  const t = useT();
  const messageText = useMessageText();
  const post = usePostSellerAnnouncement();
  const [done, setDone] = useState<string | null>(null);
  usePrefetchOnIntent(sellerChecks.prefetch);
  const form = useSmallForm<Input, Output>({
    resolver: sellerChecks.resolver,
    defaultValues: { title: '', body: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setDone(null);
    await post.mutateAsync(body);
    setDone(t('announcements.postedDone'));
    form.reset({ title: '', body: '' });
  });
  return (
    <Card title={t('announcements.toFollowers')}>
      <form
        noValidate
        onSubmit={(e) => void submit(e).catch(() => undefined)}
        className="flex flex-col gap-3"
        aria-label={t('announcements.toFollowers')}
      >
        <p className="text-sm text-stone-600">{t('announcements.toFollowersHint')}</p>
        <TextField
          {...form.register('title')}
          label={t('announcements.title')}
          error={errorFor(errors, 'title', t('announcements.title'))}
          maxLength={120}
        />
        <TextAreaField
          {...form.register('body')}
          label={t('announcements.body')}
          error={errorFor(errors, 'body', t('announcements.body'))}
          rows={4}
          maxLength={2000}
        />
        <FormError message={post.isError ? messageText(post.error.message) : null} />
        {done ? (
          <p role="status" className="text-sm text-green-800">
            {done}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={post.isPending} loadingText={t('announcements.sending')}>
            {t('announcements.post')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
