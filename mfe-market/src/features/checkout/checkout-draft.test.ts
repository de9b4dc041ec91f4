import { CHECKOUT_DRAFT_KEY, clearCheckoutDraft, loadCheckoutDraft, saveCheckoutDraft, type CheckoutDraft } from './checkout-draft';

const draft: CheckoutDraft = {
  owner: 'u1',
  shipping: {
    firstName: 'Wanjiku',
    lastName: 'Kamau',
    email: 'w@example.co.ke',
    phone: '0712 345 678',
    address: 'Kenyatta Avenue 12',
    city: 'Nakuru',
    state: 'Nakuru',
    postalCode: '',
  },
  delivery: 'express',
  paymentMethod: 'mpesa',
  paymentPhone: '0722 000 111',
  attempt: { key: 'k-12345678', source: 'cart' },
};

beforeEach(() => sessionStorage.clear());

describe('checkout draft', () => {
  it('round-trips in sessionStorage for its owner only', () => {
    saveCheckoutDraft(draft);
    expect(loadCheckoutDraft('u1')).toEqual(draft);
    expect(loadCheckoutDraft('u2')).toBeNull();
    clearCheckoutDraft();
    expect(loadCheckoutDraft('u1')).toBeNull();
  });

  it('ignores unreadable or tampered drafts instead of failing the page', () => {
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, '{not json');
    expect(loadCheckoutDraft('u1')).toBeNull();
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ ...draft, shipping: { address: 42 } }));
    expect(loadCheckoutDraft('u1')).toBeNull();
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ ...draft, delivery: 'drone', paymentMethod: 'cash', attempt: { key: 7 } }));
    expect(loadCheckoutDraft('u1')).toMatchObject({ delivery: 'standard', paymentMethod: 'mpesa', attempt: null });
  });

  it('keeps working when storage refuses to write', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveCheckoutDraft(draft)).not.toThrow();
    setItem.mockRestore();
  });
});
