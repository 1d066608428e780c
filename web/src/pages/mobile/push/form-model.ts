import { z } from 'zod';
import type { AnalyticsRow, CommunicationDetails, CommunicationPayload } from '../../../api/communications';
import {
  COMMON_FIELDS,
  commonFromDetails,
  commonToPayload,
  communicationSchema,
  emptyCommon,
  type CommonValues,
} from '../../communications/common/model';

/** Texts of the push screens (spec part 3 §2 'Push communications', §5 'Push', §8). */
export const PUSH_TITLE = 'Nova comunicação via push';
export const PUSH_LIST = '/mobile/push';
export const PUSH_ANALYTICS_TITLE = 'Detalhes de performance do Push';
/** The app name of the notification previews: a fixed club app label (spec part 3 §2). */
export const CLUB_APP_LABEL = 'Clube Freguesia';

const pushShape = {
  /** `info.layout_title` (optional). */
  title: z.string(),
  /** `info.layout_header` (required). */
  header: z.string(),
  /** `info.layout_body` (required). */
  body: z.string(),
  /** `info.url`: where a tap on the notification leads (optional). */
  url: z.string(),
};
export type PushFormValues = CommonValues & { title: string; header: string; body: string; url: string };

export const emptyPushForm = (): PushFormValues => ({
  ...emptyCommon(),
  title: '',
  header: '',
  body: '',
  url: '',
});

export function pushToPayload(v: PushFormValues, id?: number): CommunicationPayload {
  const common = commonToPayload(v);
  return {
    ...(id === undefined ? {} : { id }),
    ...common,
    type: 'PUSH',
    info: {
      ...common.info,
      layout_title: v.title.trim(),
      layout_header: v.header.trim(),
      layout_body: v.body.trim(),
      url: v.url.trim(),
    },
  };
}

/** The form values of a saved push; a clone gets ' DUPLICADA' and loses the approval (as e-mail and SMS). */
export function pushFromDetails(d: CommunicationDetails, clone = false): PushFormValues {
  return {
    ...commonFromDetails(d, clone),
    title: d.info.layout_title,
    header: d.info.layout_header,
    body: d.info.layout_body,
    url: d.info.url,
  };
}

const PUSH_FIELDS = {
  ...COMMON_FIELDS,
  'info.layout_title': 'title',
  'info.layout_header': 'header',
  'info.layout_body': 'body',
  'info.url': 'url',
};
export const pushFieldOf = PUSH_FIELDS;

export const pushFormSchema = (id?: number) =>
  communicationSchema(pushShape, (v) => pushToPayload(v), PUSH_FIELDS, { id });

/** The four counters of the push analytics (spec part 3 §3 'Analytics rows'), in display order. */
export const PUSH_COUNTERS = [
  { key: 'sent', label: 'Enviados', actions: ['sent'] },
  { key: 'delivered', label: 'Entregues', actions: ['successful'] },
  { key: 'clicked', label: 'Clicados', actions: ['converted'] },
  { key: 'lost', label: 'Perdidos', actions: ['failed', 'errored'] },
] as const;
export type PushCounterKey = (typeof PUSH_COUNTERS)[number]['key'];

/** Analytics rows → Enviados, Entregues, Clicados, Perdidos (failed and errored add up); unknown actions are left out. */
export function pushCounters(rows: readonly AnalyticsRow[]): Record<PushCounterKey, number> {
  const sum = (actions: readonly string[]) =>
    rows.filter((r) => actions.includes(r.action)).reduce((n, r) => n + r.quantity, 0);
  return Object.fromEntries(PUSH_COUNTERS.map((c) => [c.key, sum(c.actions)])) as Record<
    PushCounterKey,
    number
  >;
}
