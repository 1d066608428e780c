import { LabelIdParams, LabelInput, LabelListQuery, LabelUpdate } from '@freguesia/shared/schemas/label';
import { route } from '../lib/http/route';
import { createLabel, deleteLabel, listLabels, updateLabel } from '../settings/labels.service';

const WRITE = { action: 'write', subject: 'Settings' } as const;

/**
 * Discount label layouts (spec part 3 §7: POST and PUT /web/label, DELETE /web/label/{id}; part 2 §7:
 * GET /web/labels), kept by the settings domain (settings/labels.service.ts) and served from a
 * function of their own: a layout is user HTML saved through sanitize-html (≈ 155 KB), which the
 * rest of settings (roles, users, key/value settings, the portal's /api/customer/settings) never runs.
 */
export const routes = [
  /**
   * The layouts of an entity ('campaigns'), as a list. Read Campaigns or read Settings (the
   * print screen and the settings tab): checked by the service, a route names one permission.
   */
  route({
    method: 'GET',
    path: '/api/web/labels',
    permission: null,
    query: LabelListQuery,
    handler: ({ service, query }) => listLabels(service, query),
  }),
  route({
    method: 'POST',
    path: '/api/web/label',
    permission: WRITE,
    body: LabelInput,
    handler: ({ service, body }) => createLabel(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/label',
    permission: WRITE,
    body: LabelUpdate,
    handler: ({ service, body: { id, ...input } }) => updateLabel(service, id, input),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/label/{id}',
    permission: WRITE,
    params: LabelIdParams,
    handler: async ({ service, params }) => {
      await deleteLabel(service, params.id);
      return { ok: true, id: params.id };
    },
  }),
];
