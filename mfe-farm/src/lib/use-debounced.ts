import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delay` ms (search boxes ask the server per pause, not per key). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
