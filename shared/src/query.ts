import { QueryClient } from '@tanstack/react-query';

// Checked by shape rather than instanceof: this module is bundled into each app that creates a client.
const isClientError = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** One query client for the whole page, created by the shell (or a remote running alone). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !isClientError(error) && count < 2,
      },
    },
  });
}
