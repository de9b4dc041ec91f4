import { Suspense } from 'react';
import { useMessageText } from '@shambasoko/shared';

function Translated({ text }: { text: string }) {
  const translate = useMessageText();
  return translate(text);
}

/**
 * A message from a contract or the API (written in English) in the active language. Only this text
 * waits for the dictionary, in English meanwhile, so an error never blanks the form around it.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <Suspense fallback={text}>
      <Translated text={text} />
    </Suspense>
  );
}
