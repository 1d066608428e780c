import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { DataMigrationStatus } from '@freguesia/shared/schemas/migrations';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/** GET /api/web/settings/migrations: the tenant's data migrations and their state (read Settings). */
export const useDataMigrations = () =>
  useQuery({
    queryKey: tenantKey('data-migrations'),
    queryFn: async ({ signal }) =>
      parseAnswer(z.array(DataMigrationStatus), await api.get('/web/settings/migrations', { signal })),
  });
