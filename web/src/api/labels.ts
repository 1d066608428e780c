import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CampaignLabels, Label, type LabelEntity } from '@freguesia/shared/schemas/label';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * Discount label layouts (spec part 3 §7: POST and PUT /web/label, DELETE /web/label/{id}; part 2
 * §7: GET /web/labels?entity=campaigns) and the data of a campaign's labels at a store (part 2
 * §2.6, GET /web/campaigns/{id}/labels), with their query hooks.
 */

export type { CampaignLabels, Label };

const LABELS = 'labels';

/** Body of POST /web/label (and of PUT with `id`). */
export interface LabelBody {
  name: string;
  width: number;
  height: number;
  layout: string;
  visible: boolean;
  visible_rules: string;
  entity: LabelEntity;
}

/** GET /web/labels?entity: the layouts, by name. */
export async function listLabels(entity: LabelEntity = 'campaigns', signal?: AbortSignal): Promise<Label[]> {
  return parseAnswer(z.array(Label), await api.get('/web/labels', { query: { entity }, signal }));
}

/** POST /web/label, or PUT /web/label with `id`. */
export async function saveLabel({ id, body }: { id?: number; body: LabelBody }): Promise<Label> {
  const answer =
    id === undefined ? await api.post('/web/label', body) : await api.put('/web/label', { ...body, id });
  return parseAnswer(Label, answer);
}

export async function deleteLabel(id: number): Promise<void> {
  await api.delete(`/web/label/${id}`);
}

/** GET /web/campaigns/{id}/labels?id_store&limit: each product's label data at the store. */
export async function campaignLabels(
  campaignId: number,
  idStore: number,
  limit: number,
  signal?: AbortSignal,
): Promise<CampaignLabels> {
  return parseAnswer(
    CampaignLabels,
    await api.get(`/web/campaigns/${campaignId}/labels`, { query: { id_store: idStore, limit }, signal }),
  );
}

// ---------------------------------------------------------------- hooks

/** The campaign label layouts (the settings tab and the print screen share them). */
export const useLabels = (enabled = true) =>
  useQuery({
    queryKey: tenantKey(LABELS, 'campaigns'),
    queryFn: ({ signal }) => listLabels('campaigns', signal),
    enabled,
  });

export function useSaveLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLabel,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(LABELS) }),
  });
}

export function useDeleteLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLabel,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(LABELS) }),
  });
}

/** A campaign's label data at a store; idle until a store is chosen. */
export const useCampaignLabels = (campaignId: number, idStore: number | undefined, limit: number) =>
  useQuery({
    queryKey: tenantKey(LABELS, 'print', campaignId, idStore, limit),
    queryFn: ({ signal }) => campaignLabels(campaignId, idStore!, limit, signal),
    enabled: idStore !== undefined,
  });
