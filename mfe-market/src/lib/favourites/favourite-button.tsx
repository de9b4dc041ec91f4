import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavouritesList } from '@shambasoko/contracts';
import { translateMessageText } from '@shambasoko/shared';
import { Button, Dialog, buttonClassName } from '@shambasoko/shared/ui';
import { HeartIcon } from '../../components/icons';
import { showToast } from '../../components/toasts';
import { cx } from '../cx';
import { useT } from '../i18n';
import { signInPath, useShopper } from '../session';
import { favouritesQuery, useFavourites } from './api/get-favourites';
import { setFavourite } from './api/set-favourite';

/** The heart on a product: saved per user at the API; a guest is asked to sign in. */
export function FavouriteButton({ productId, productName, className }: { productId: string; productName: string; className?: string }) {
  const t = useT();
  const { userKey } = useShopper();
  const { pathname, search } = useLocation();
  const favourites = useFavourites(userKey);
  const queryClient = useQueryClient();
  const [askSignIn, setAskSignIn] = useState(false);
  const key = favouritesQuery(userKey ?? '').queryKey;

  const mutation = useMutation({
    mutationFn: setFavourite,
    // Optimistic: the heart fills at once and rolls back if the server refuses.
    onMutate: async ({ favourite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavouritesList>(key);
      const ids = new Set(previous?.productIds ?? []);
      if (favourite) ids.add(productId);
      else ids.delete(productId);
      queryClient.setQueryData<FavouritesList>(key, { productIds: [...ids] });
      return { previous };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(key, context?.previous);
      showToast(translateMessageText(error.message), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const saved = favourites.data?.productIds.includes(productId) ?? false;

  return (
    <>
      <button
        type="button"
        aria-label={saved ? t('favourite.remove', { name: productName }) : t('favourite.save', { name: productName })}
        aria-pressed={saved}
        onClick={() => (userKey === null ? setAskSignIn(true) : mutation.mutate({ productId, favourite: !saved }))}
        className={cx(
          'inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-xl shadow-sm ring-1 ring-stone-200 transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600',
          saved ? 'text-red-600' : 'text-stone-600 hover:text-red-600',
          className,
        )}
      >
        <HeartIcon filled={saved} />
      </button>
      <Dialog
        open={askSignIn}
        onClose={() => setAskSignIn(false)}
        title={t('favourite.signInTitle')}
        description={t('favourite.signInText')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setAskSignIn(false)}>
              {t('favourite.notNow')}
            </Button>
            <Link to={signInPath(pathname + search)} state={{ from: pathname + search }} className={buttonClassName()}>
              {t('common.signIn')}
            </Link>
          </>
        }
      />
    </>
  );
}
