/** Every core API answer (spec section 3). */
export interface Envelope<T> {
  header: { isSuccess: boolean; customerMessage: string };
  body: T;
}
