import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Integrations } from '@shambasoko/contracts';

const getIntegrations = () => api.get<Integrations>('/v1/admin/integrations');

const integrationsQuery = () => queryOptions({ queryKey: ['admin', 'integrations'], queryFn: getIntegrations });

export const useIntegrations = () => useQuery(integrationsQuery());
