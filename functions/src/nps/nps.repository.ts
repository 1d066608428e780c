import type { EntityItem } from 'electrodb';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { isConditionFailure, writeTransaction, failedIndex, transactionError } from '../lib/ddb/transactions';
import {
  NpsAnswerEntity,
  NpsDailyEntity,
  NpsObservationEntity,
  NpsSettingsEntity,
  NpsSurveyEntity,
  NpsWindowEntity,
  npsService,
} from './nps.entities';

export type NpsSettingsItem = EntityItem<typeof NpsSettingsEntity>;
export type NpsSurveyItem = EntityItem<typeof NpsSurveyEntity>;
export type NpsWindowItem = EntityItem<typeof NpsWindowEntity>;
export type NpsAnswerItem = EntityItem<typeof NpsAnswerEntity>;
export type NpsDailyItem = EntityItem<typeof NpsDailyEntity>;
export type NpsObservationItem = EntityItem<typeof NpsObservationEntity>;

export type NewAnswer = Omit<NpsAnswerItem, 'tenant'>;

/** NPS data of one tenant. */
export function npsRepository(tenant: string) {
  return {
    async settings(): Promise<NpsSettingsItem | undefined> {
      return (await NpsSettingsEntity.get({ tenant }).go()).data ?? undefined;
    },

    async saveSettings(item: Omit<NpsSettingsItem, 'tenant'>): Promise<NpsSettingsItem> {
      await NpsSettingsEntity.put({ tenant, ...item }).go();
      return { tenant, ...item };
    },

    async window(customer: number): Promise<NpsWindowItem | undefined> {
      return (await NpsWindowEntity.get({ tenant, customer }).go()).data ?? undefined;
    },

    /** The next survey id (1, 2, 3, …). */
    async nextSurveyId(): Promise<number> {
      const { data } = await CounterEntity.update({ tenant, name: 'seq:nps-survey' })
        .add({ value: 1 })
        .go({ response: 'all_new' });
      return data.value ?? 0;
    },

    /**
     * Opens a survey window for the customer and creates the survey, in one transaction whose
     * condition is that the customer has no window or one that started before `cutoff` (ISO).
     * Answers false when another purchase (or processor) got there first.
     */
    async openWindow(
      window: Omit<NpsWindowItem, 'tenant'>,
      survey: Omit<NpsSurveyItem, 'tenant'>,
      cutoff: string,
    ): Promise<boolean> {
      const result = await writeTransaction(() =>
        npsService.transaction
          .write(({ window: w, survey: s }) => [
            w
              .put({ tenant, ...window })
              .where((a, op) => `${op.notExists(a.customer)} OR ${op.lt(a.surveyed_at, cutoff)}`)
              .commit(),
            s.create({ tenant, ...survey }).commit(),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (failedIndex(result) >= 0) return false;
      throw transactionError(result);
    },

    async survey(id: number): Promise<NpsSurveyItem | undefined> {
      return (await NpsSurveyEntity.get({ tenant, id }).go()).data ?? undefined;
    },

    /** Records that the survey went out on `channel`; false when it already had. */
    async markSent(id: number, channel: string): Promise<boolean> {
      try {
        await NpsSurveyEntity.patch({ tenant, id })
          .append({ sent: [channel] })
          .where((a, op) => `NOT ${op.contains(a.sent, channel)}`)
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Gives a channel's mark back after its send failed (the queue retries it). */
    async unmarkSent(id: number, channel: string, sent: readonly string[]): Promise<void> {
      await NpsSurveyEntity.patch({ tenant, id })
        .set({ sent: sent.filter((c) => c !== channel) })
        .go();
    },

    async answer(survey: number): Promise<NpsAnswerItem | undefined> {
      return (await NpsAnswerEntity.get({ tenant, survey }).go()).data ?? undefined;
    },

    /**
     * Stores the survey's one answer with the day's counter and (with text) the observation, in
     * one transaction conditioned on no answer yet. Answers false for a second answer.
     */
    async saveAnswer(answer: NewAnswer): Promise<boolean> {
      const score = `s${answer.score}` as 's0';
      const result = await writeTransaction(() =>
        npsService.transaction
          .write(({ answer: a, survey, daily, observation }) => [
            a.create({ tenant, ...answer }).commit(),
            survey.patch({ tenant, id: answer.survey }).set({ answered_at: answer.answered_at }).commit(),
            daily
              .upsert({ tenant, day: answer.answered_date })
              .add({ [score]: 1 } as { s0: number })
              .commit(),
            ...(answer.observation
              ? [
                  observation
                    .create({
                      tenant,
                      answered_at: answer.answered_at,
                      survey: answer.survey,
                      customer: answer.customer,
                      score: answer.score,
                      observation: answer.observation,
                      origin: answer.origin,
                    })
                    .commit(),
                ]
              : []),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (failedIndex(result) === 0) return false;
      throw transactionError(result);
    },

    /**
     * Day counters from `from` to `to` (inclusive): one Query (at most 181 small items). Both ends
     * are key conditions: the tenant's partition holds other records, which are never read.
     */
    async days(from: string, to: string): Promise<NpsDailyItem[]> {
      const { data } = await NpsDailyEntity.query
        .byDay({ tenant })
        .between({ day: from }, { day: to })
        .go({ pages: 'all' });
      return data;
    },

    /** The newest observations since `from` (ISO), at most `limit`: one Query. */
    async observations(from: string, limit: number): Promise<NpsObservationItem[]> {
      const { data } = await NpsObservationEntity.query
        .byTime({ tenant })
        .between({ answered_at: from }, { answered_at: '9999-12-31T23:59:59.999Z' })
        .go({ order: 'desc', limit });
      return data;
    },
  };
}
