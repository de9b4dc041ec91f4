import { assertPublicUrl, InternalAddressError, isInternalAddress } from './address-check';

describe('internal addresses (webhooks may not reach them in production)', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.1',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '[::1]',
  ])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '41.90.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isInternalAddress(address)).toBe(false),
  );

  it('judges a name by every address it resolves to', async () => {
    const dns = (answers: string[]) => async () => answers;
    await expect(assertPublicUrl('https://hooks.example.com/x', dns(['93.184.216.34']))).resolves.toBeUndefined();
    await expect(assertPublicUrl('https://hooks.example.com/x', dns(['93.184.216.34', '10.0.0.7']))).rejects.toBeInstanceOf(
      InternalAddressError,
    );
    await expect(assertPublicUrl('https://169.254.169.254/latest/meta-data')).rejects.toBeInstanceOf(InternalAddressError);
  });
});
