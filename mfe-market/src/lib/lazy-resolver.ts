import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose checks (the contract's zod schema, zod itself and the zod
 * resolver, ~28 kB gzip) load on first use, not with the page: a page whose first screen is a form
 * paints without them. `prefetch` starts the load early (the form's first focus), so the first
 * submit rarely waits. If the code cannot load (the connection dropped), the values pass unchecked
 * this once: the API checks the same schema, and the next check tries the load again.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): { resolver: Resolver<Input, Context, Output>; prefetch: () => void } {
  let ready: Promise<Resolver<Input, Context, Output>> | null = null;
  const get = () =>
    (ready ??= load().catch((error: unknown) => {
      ready = null;
      throw error;
    }));
  const resolver: Resolver<Input, Context, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, Context, Output>;
    try {
      resolve = await get();
    } catch (error) {
      console.warn('Form checks could not load', error);
      return { values: values as unknown as Output, errors: {} };
    }
    return resolve(values, context, options);
  };
  const prefetch = () => void get().catch(() => undefined);
  return { resolver, prefetch };
}

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** Starts loading a page's form checks on the first sign that someone is filling it in (tap, key, focus). */
export function usePrefetchOnIntent(prefetch: () => void): void {
  useEffect(() => {
    const start = () => {
      stop();
      prefetch();
    };
    const stop = () => INTENT_EVENTS.forEach((name) => window.removeEventListener(name, start, true));
    INTENT_EVENTS.forEach((name) => window.addEventListener(name, start, { capture: true, passive: true }));
    return stop;
  }, [prefetch]);
}
