import type { Resolver, ResolverResult } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the checks on the first check, once, and answers with them', async () => {
    const checks = jest.fn<ReturnType<Resolver<Values>>, Parameters<Resolver<Values>>>(
      async (values: Values): Promise<ResolverResult<Values>> =>
        values.name ? { values, errors: {} } : { values: {}, errors: { name: { type: 'custom', message: 'Enter a name' } } },
    );
    const load = jest.fn(async (): Promise<Resolver<Values>> => checks);
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ name: '' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'custom', message: 'Enter a name' } },
    });
    expect(await resolver({ name: 'Wanjiru' }, undefined, options)).toEqual({ values: { name: 'Wanjiru' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('prefetch starts the load before any check', async () => {
    const load = jest.fn(async (): Promise<Resolver<Values>> => async (values) => ({ values, errors: {} }));
    const { prefetch, resolver } = lazyResolver(load);
    prefetch();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: 'a' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through once when the checks cannot load, and tries again next time', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<Resolver<Values>>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(async () => ({ values: {}, errors: { name: { type: 'custom', message: 'no' } } }));
    const { resolver } = lazyResolver(load);
    expect(await resolver({ name: 'x' }, undefined, options)).toEqual({ values: { name: 'x' }, errors: {} });
    expect((await resolver({ name: 'x' }, undefined, options)).errors).toEqual({ name: { type: 'custom', message: 'no' } });
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
