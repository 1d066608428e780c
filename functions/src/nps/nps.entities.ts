import { Entity, Service } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * The NPS records (functions/README.md, "NPS"). A survey is sent once per customer and window
 * (`npsWindow`, a conditional write); its answer is written once (`npsAnswer`, a conditional put)
 * together with the counters the dashboard reads, so the dashboard costs the same few requests
 * whether there are ten answers or a million.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const opts = { client: documentClient, table: tableName() };

/** The tenant's NPS settings (one item). */
export const NpsSettingsEntity = new Entity(
  {
    model: { entity: 'npsSettings', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      active: { type: 'boolean', required: true },
      interval_days: { type: 'number', required: true },
      mail_active: { type: 'boolean', required: true },
      push_active: { type: 'boolean', required: true },
      sms_active: { type: 'boolean', required: true },
      stores: { type: 'list', items: { type: 'number' }, required: true },
      layout_mail_subject: { type: 'string', required: true },
      layout_mail_body: { type: 'string', required: true },
      layout_mail_editor: { type: 'string', required: true },
      layout_lp_body: { type: 'string', required: true },
      layout_lp_editor: { type: 'string', required: true },
      layout_push_title: { type: 'string', required: true },
      layout_push_body: { type: 'string', required: true },
      layout_sms_body: { type: 'string', required: true },
      updated_at: { type: 'string', required: true },
      updated_by: { type: 'number' },
    },
    indexes: { one: key('primary', ['tenant'], []) },
  },
  opts,
);

/**
 * When a customer was last surveyed: written only when absent or older than the interval (the
 * condition is the once-per-window guarantee, whatever the number of purchases or processors).
 */
export const NpsWindowEntity = new Entity(
  {
    model: { entity: 'npsWindow', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      customer: { type: 'number', required: true, readOnly: true },
      surveyed_at: { type: 'string', required: true },
      survey: { type: 'number', required: true },
      basket: { type: 'number', required: true },
    },
    indexes: { byCustomer: key('primary', ['tenant', 'customer'], []) },
  },
  opts,
);

/** One survey sent to a customer after a purchase. */
export const NpsSurveyEntity = new Entity(
  {
    model: { entity: 'npsSurvey', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id: { type: 'number', required: true, readOnly: true },
      customer: { type: 'number', required: true, readOnly: true },
      store: { type: 'number', required: true },
      basket: { type: 'number', required: true },
      created_at: { type: 'string', required: true },
      /** Channels the survey went out on (EMAIL, SMS, PUSH), once each. */
      sent: { type: 'list', items: { type: 'string' } },
      answered_at: { type: 'string' },
    },
    indexes: { byId: key('primary', ['tenant', 'id'], []) },
  },
  opts,
);

/** The answer of one survey (at most one: a conditional put). */
export const NpsAnswerEntity = new Entity(
  {
    model: { entity: 'npsAnswer', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      survey: { type: 'number', required: true, readOnly: true },
      customer: { type: 'number', required: true },
      score: { type: 'number', required: true },
      observation: { type: 'string' },
      origin: { type: 'string', required: true },
      /** ISO instant. */
      answered_at: { type: 'string', required: true },
      /** 'YYYY-MM-DD' (Brasília). */
      answered_date: { type: 'string', required: true },
    },
    indexes: { bySurvey: key('primary', ['tenant', 'survey'], []) },
  },
  opts,
);

/** Answers per score of one day (Brasília): s0 … s10. The dashboard reads one item per day. */
export const NpsDailyEntity = new Entity(
  {
    model: { entity: 'npsDaily', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      day: { type: 'string', required: true, readOnly: true },
      s0: { type: 'number' },
      s1: { type: 'number' },
      s2: { type: 'number' },
      s3: { type: 'number' },
      s4: { type: 'number' },
      s5: { type: 'number' },
      s6: { type: 'number' },
      s7: { type: 'number' },
      s8: { type: 'number' },
      s9: { type: 'number' },
      s10: { type: 'number' },
    },
    indexes: { byDay: key('primary', ['tenant'], ['day']) },
  },
  opts,
);

/** Answers with an observation, newest first by key: the dashboard's list is one Query. */
export const NpsObservationEntity = new Entity(
  {
    model: { entity: 'npsObservation', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      answered_at: { type: 'string', required: true, readOnly: true },
      survey: { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } },
      customer: { type: 'number', required: true },
      score: { type: 'number', required: true },
      observation: { type: 'string', required: true },
      origin: { type: 'string', required: true },
    },
    indexes: { byTime: key('primary', ['tenant'], ['answered_at', 'survey']) },
  },
  opts,
);

export const npsService = new Service({
  settings: NpsSettingsEntity,
  window: NpsWindowEntity,
  survey: NpsSurveyEntity,
  answer: NpsAnswerEntity,
  daily: NpsDailyEntity,
  observation: NpsObservationEntity,
});
