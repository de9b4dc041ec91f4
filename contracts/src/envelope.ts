/** Every core API answer. */
export interface Envelope<T> {
  header: { isSuccess: boolean; customerMessage: string };
  body: T;
}
