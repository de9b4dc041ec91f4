// What ShambaSoko uses of @tanstack/react-query, provided as the shared singleton under its real
// name but tree-shaken to these exports. facades.test.ts fails if code imports anything not listed.
export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  onlineManager,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from 'shambasoko-full-react-query';
