import { NPS_LIMITS } from '@freguesia/shared/domain/nps';
import type { NpsSettings, NpsSettingsWrite } from '@freguesia/shared/schemas/nps';
import { storeNames } from '../catalog/stores.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { invalid } from '../lib/errors';
import { sanitizeEditorProject, sanitizeEmailHtml } from '../lib/html';
import { npsRepository, type NpsSettingsItem } from './nps.repository';

/**
 * GET/PUT /web/settings/nps (spec part 3 §3 'NPS', §5). The e-mail and the landing page's HTML are
 * sanitised here, when saved, so the public survey function and the sender never carry a sanitiser
 * (functions/README.md, "NPS"): what they read is already safe.
 */

/** What the settings read as while never saved: inactive, the spec's default interval. */
export const DEFAULT_NPS_SETTINGS: NpsSettings = {
  active: false,
  interval_days: NPS_LIMITS.intervalDefault,
  mail_active: false,
  push_active: false,
  sms_active: false,
  stores_id: [],
  layout_mail_subject: '',
  layout_mail_body: '',
  layout_mail_editor: '',
  layout_lp_body: '',
  layout_lp_editor: '',
  layout_push_title: '',
  layout_push_body: '',
  layout_sms_body: '',
  updated_at: null,
};

export const settingsAnswer = (item: NpsSettingsItem | undefined): NpsSettings =>
  item
    ? {
        active: item.active,
        interval_days: item.interval_days,
        mail_active: item.mail_active,
        push_active: item.push_active,
        sms_active: item.sms_active,
        stores_id: item.stores.map((store_id) => ({ store_id })),
        layout_mail_subject: item.layout_mail_subject,
        layout_mail_body: item.layout_mail_body,
        layout_mail_editor: item.layout_mail_editor,
        layout_lp_body: item.layout_lp_body,
        layout_lp_editor: item.layout_lp_editor,
        layout_push_title: item.layout_push_title,
        layout_push_body: item.layout_push_body,
        layout_sms_body: item.layout_sms_body,
        updated_at: item.updated_at,
      }
    : DEFAULT_NPS_SETTINGS;

export async function readNpsSettings(ctx: ServiceContext): Promise<NpsSettings> {
  return settingsAnswer(await npsRepository(ctx.tenant).settings());
}

export async function saveNpsSettings(ctx: ServiceContext, input: NpsSettingsWrite): Promise<NpsSettings> {
  const stores = [...new Set(input.stores_id.map((s) => s.store_id))];
  if (stores.length > 0) {
    const known = await storeNames(ctx);
    const unknown = stores.find((id) => !known.has(id));
    if (unknown !== undefined) throw invalid({ stores_id: `Loja ${unknown} não encontrada.` });
  }
  const mailBody = sanitizeEmailHtml(input.layout_mail_body);
  const lpBody = sanitizeEmailHtml(input.layout_lp_body);
  if (!mailBody.trim()) throw invalid({ layout_mail_body: 'Exporte o layout do e-mail antes de salvar.' });
  if (!lpBody.trim()) throw invalid({ layout_lp_body: 'Exporte o layout da landing page antes de salvar.' });
  const item = await npsRepository(ctx.tenant).saveSettings({
    active: input.active,
    interval_days: input.interval_days,
    mail_active: input.mail_active,
    push_active: input.push_active,
    sms_active: input.sms_active,
    stores,
    layout_mail_subject: input.layout_mail_subject,
    layout_mail_body: mailBody,
    layout_mail_editor: sanitizeEditorProject(input.layout_mail_editor),
    layout_lp_body: lpBody,
    layout_lp_editor: sanitizeEditorProject(input.layout_lp_editor),
    layout_push_title: input.layout_push_title,
    layout_push_body: input.layout_push_body,
    layout_sms_body: input.layout_sms_body,
    updated_at: ctx.now().toISOString(),
    ...(staffOf(ctx) ? { updated_by: staffOf(ctx)!.userId } : {}),
  });
  return settingsAnswer(item);
}
