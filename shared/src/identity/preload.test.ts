import { preloadIdentity } from './auth-actions';

const loadProvider = jest.fn(async () => ({}));
jest.mock('./provider', () => ({ loadProvider: () => loadProvider() }));

describe('preloadIdentity', () => {
  beforeEach(() => loadProvider.mockClear());

  it('leaves the provider SDK out of the first load and fetches it on the first sign of intent, once', () => {
    const stop = preloadIdentity();
    expect(loadProvider).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(loadProvider).toHaveBeenCalledTimes(1);
    stop();
  });

  it('fetches nothing after the page is left', () => {
    const stop = preloadIdentity();
    stop();
    window.dispatchEvent(new Event('focusin'));
    expect(loadProvider).not.toHaveBeenCalled();
  });
});
