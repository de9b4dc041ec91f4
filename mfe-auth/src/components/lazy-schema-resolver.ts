import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A react-hook-form resolver whose contract schema, and zod with it (~37 kB gzip), loads on first use
 * or on `prefetch` (the first focus in the form), not with the page: the sign-in page then paints
 * and answers taps before the validation code arrives. If that code cannot load (the connection
 * dropped), the values pass unchecked this once: the identity provider still refuses bad ones, and
 * the next attempt loads the schema again.
 */
export function lazySchemaResolver<T extends FieldValues>(load: () => Promise<FormSchema>) {
  let ready: Promise<Resolver<T>> | null = null;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<T>,
    ));
  const resolver: Resolver<T> = async (values, context, options) => {
    try {
      return await (
        await get()
      )(values, context, options);
    } catch (error) {
      ready = null;
      console.warn('Form checks could not load', error);
      return { values, errors: {} };
    }
  };
  const prefetch = () => {
    get().catch(() => {
      ready = null;
    });
  };
  return { resolver, prefetch };
}
