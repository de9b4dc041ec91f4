import { useMessageText } from '@shambasoko/shared';

/** Validation and API messages (English-keyed, from the contracts or the server) in the page's language. */
export function useErrorText(): (message: string | null | undefined) => string | undefined {
  const text = useMessageText();
  return (message) => (message ? text(message) : undefined);
}
