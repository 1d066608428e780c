import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NpsDashboard, NpsSettings } from '@freguesia/shared/schemas/nps';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/** NPS (spec part 3 §7): the dashboard and the settings of the surveys sent after purchases. */

export type { NpsDashboard, NpsSettings };

/** The body of PUT /web/settings/nps (the settings without their stamp). */
export type NpsSettingsBody = Omit<NpsSettings, 'updated_at'>;

const NPS = 'nps';

export async function getNpsDashboard(days: number, signal?: AbortSignal): Promise<NpsDashboard> {
  return parseAnswer(NpsDashboard, await api.get('/web/nps/dashboard', { query: { days }, signal }));
}

export async function getNpsSettings(signal?: AbortSignal): Promise<NpsSettings> {
  return parseAnswer(NpsSettings, await api.get('/web/settings/nps', { signal }));
}

export async function saveNpsSettings(body: NpsSettingsBody): Promise<NpsSettings> {
  return parseAnswer(NpsSettings, await api.put('/web/settings/nps', body));
}

export const useNpsDashboard = (days: number) =>
  useQuery({
    queryKey: tenantKey(NPS, 'dashboard', days),
    queryFn: ({ signal }) => getNpsDashboard(days, signal),
    placeholderData: keepPreviousData,
  });

export const useNpsSettings = () =>
  useQuery({ queryKey: tenantKey(NPS, 'settings'), queryFn: ({ signal }) => getNpsSettings(signal) });

export function useSaveNpsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNpsSettings,
    onSuccess: (saved) => client.setQueryData(tenantKey(NPS, 'settings'), saved),
  });
}
