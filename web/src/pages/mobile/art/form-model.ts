import { fromDisplayDate, localDay, toDisplayDate } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { COMMUNICATION_MESSAGES, CommunicationCampaign } from '@freguesia/shared/schemas/communication';
import { z } from 'zod';
import type { CommunicationDetails, CommunicationPayload } from '../../../api/communications';
import { formFieldOf } from '../../communications/common/model';

/** Texts of the app-art screens (spec part 3 §2 'Mobile art', §4, §5 'Art', §8). */
export const ART_TITLE = 'Nova arte para o aplicativo';
export const ART_LIST = '/mobile/art';
export const ART_SAVED_NEW = 'Arte cadastrada com sucesso';
export const ART_SAVED_EDIT = 'Arte alterada com sucesso';
export const ART_SAVE_FAILED = 'Erro ao alterar a Arte :( ';
export const NO_END_LABEL = 'Sem prazo final';

export const ART_TYPES = [
  { value: 'APPB', label: 'Banner' },
  { value: 'APPF', label: 'Flyer' },
] as const;
export type ArtType = (typeof ART_TYPES)[number]['value'];

/** APPB 'Banner', anything else 'Flyer' (spec part 3 §2). */
export const artTypeLabel = (type: string): string => (type === 'APPB' ? 'Banner' : 'Flyer');

/** 'DD/MM/YYYY até DD/MM/YYYY' (spec: 'start_at até end_at'); no end shows as 31/12/9999. */
export const artPeriodText = (start: string, end: string): string =>
  `${toDisplayDate(start) ?? '-'} até ${toDisplayDate(end) ?? '-'}`;

const artShape = z.object({
  description: z.string(),
  active: z.enum(['Y', 'N']),
  /** '' until chosen. */
  type: z.string(),
  always_valid: z.enum(['Y', 'N']),
  /** DD/MM/AAAA as typed. */
  start_at: z.string(),
  end_at: z.string(),
  /** The image (`info.url`). */
  url: z.string(),
  /** Where a tap on the art leads (`info.layout_body`), optional. */
  click_url: z.string(),
});
export type ArtFormValues = z.output<typeof artShape>;

export const emptyArtForm = (today: string = localDay()): ArtFormValues => ({
  description: '',
  active: 'Y',
  type: '',
  always_valid: 'N',
  start_at: toDisplayDate(today) ?? '',
  end_at: '',
  url: '',
  click_url: '',
});

/** The payload; 'Sem prazo final' gives one start date and end 9999-12-31 (spec part 3 §4). */
export function artToPayload(v: ArtFormValues, id?: number): CommunicationPayload {
  const noEnd = v.always_valid === 'Y';
  return {
    ...(id === undefined ? {} : { id }),
    description: v.description.trim(),
    type: (v.type || 'APPF') as ArtType,
    active: v.active,
    id_lead: null,
    always_valid: v.always_valid,
    start_at: fromDisplayDate(v.start_at) ?? '',
    end_at: noEnd ? NO_END_DATE : (fromDisplayDate(v.end_at) ?? ''),
    info: { type: 'O', url: v.url.trim(), layout_body: v.click_url.trim() },
  };
}

export function artFromDetails(d: CommunicationDetails): ArtFormValues {
  const noEnd = d.end_at === NO_END_DATE || (d as { always_valid?: string }).always_valid === 'Y';
  return {
    description: d.description,
    active: d.active,
    type: d.type,
    always_valid: noEnd ? 'Y' : 'N',
    start_at: toDisplayDate(d.start_at) ?? '',
    end_at: noEnd ? '' : (toDisplayDate(d.end_at) ?? ''),
    url: d.info.url,
    click_url: d.info.layout_body,
  };
}

const ART_FIELDS = {
  description: 'description',
  type: 'type',
  start_at: 'start_at',
  end_at: 'end_at',
  always_valid: 'always_valid',
  'info.url': 'url',
  'info.layout_body': 'click_url',
};
export const artFieldOf = ART_FIELDS;

/** The editor's rules: the shared schema's (spec part 3 §5 'Art') plus a readable typed date. */
export const artFormSchema = (id?: number) =>
  artShape.superRefine((v, ctx) => {
    const seen = new Set<string>();
    const add = (field: string | undefined, message: string) => {
      if (!field || seen.has(field)) return;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (!v.type) add('type', COMMUNICATION_MESSAGES.artType);
    if (v.start_at.trim() && !fromDisplayDate(v.start_at)) add('start_at', 'Data inválida: use DD/MM/AAAA.');
    if (v.always_valid !== 'Y' && v.end_at.trim() && !fromDisplayDate(v.end_at))
      add('end_at', 'Data inválida: use DD/MM/AAAA.');
    if (v.always_valid !== 'Y' && !v.end_at.trim() && fromDisplayDate(v.start_at))
      add('end_at', COMMUNICATION_MESSAGES.artPeriod);
    const parsed = CommunicationCampaign.safeParse(artToPayload(v, id));
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      add(formFieldOf(issue.path.join('.'), ART_FIELDS) ?? 'description', issue.message);
  });
