import { z } from 'zod';
import { lazySchemaResolver } from './lazy-schema-resolver';

const schema = z.object({ email: z.string().email('Please enter a valid email') });
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('lazySchemaResolver', () => {
  it('loads the schema once, on prefetch or first use, and validates with it', async () => {
    const load = jest.fn(async () => schema);
    const { resolver, prefetch } = lazySchemaResolver<{ email: string }>(load);
    expect(load).not.toHaveBeenCalled();
    prefetch();
    const bad = await resolver({ email: 'nope' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Please enter a valid email');
    const good = await resolver({ email: 'a@b.ke' }, undefined, options);
    expect(good).toEqual({ values: { email: 'a@b.ke' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through when the checks cannot load, and tries again next time', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(schema);
    const { resolver } = lazySchemaResolver<{ email: string }>(load);
    await expect(resolver({ email: 'nope' }, undefined, options)).resolves.toEqual({ values: { email: 'nope' }, errors: {} });
    const retried = await resolver({ email: 'nope' }, undefined, options);
    expect(retried.errors.email?.message).toBe('Please enter a valid email');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
