import type { EntityItem } from 'electrodb';
import { countersFor } from '../lib/ddb/counters';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { isConditionFailure, writeTransaction } from '../lib/ddb/transactions';
import {
  ChannelContactEntity,
  ChannelEntity,
  InboundMessageEntity,
  PacerEntity,
  ReplyEntity,
  WebhookSeenEntity,
  whatsappService,
} from './whatsapp.entities';

export type ChannelItem = EntityItem<typeof ChannelEntity>;
export type InboundItem = EntityItem<typeof InboundMessageEntity>;
export type PacerItem = EntityItem<typeof PacerEntity>;
export type ContactItem = EntityItem<typeof ChannelContactEntity>;

const audience = (channel: number, what: 'total' | 'optout') => `wpp:${channel}:${what}`;
const optsDay = (channel: number, what: 'optin' | 'optout', day: string) => `wpp:${channel}:${what}:${day}`;

/** The order of a reply's statuses (a late 'delivered' never undoes 'read'). */
const REPLY_RANK: Record<string, number> = { SENT: 1, DELIVERED: 2, READ: 3, FAILED: 4 };

/** Channels, contacts, inbound messages, pacers and the replay guard of one tenant. */
export function whatsappRepository(tenant: string) {
  return {
    nextChannelId: () => countersFor(tenant).next('service-channel'),

    async channels(): Promise<ChannelItem[]> {
      const { data } = await ChannelEntity.query.byTenant({ tenant }).go({ pages: 'all' });
      return data;
    },
    async channel(id: number): Promise<ChannelItem | undefined> {
      const { data } = await ChannelEntity.get({ tenant, id }).go();
      return data ?? undefined;
    },
    async putChannel(item: Omit<ChannelItem, 'tenant'>, expectedUpdatedAt?: string): Promise<boolean> {
      try {
        if (expectedUpdatedAt === undefined) await ChannelEntity.create({ ...item, tenant }).go();
        else
          await ChannelEntity.put({ ...item, tenant })
            .where((a, { eq }) => eq(a.updated_at, expectedUpdatedAt))
            .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async removeChannel(id: number): Promise<void> {
      await ChannelEntity.delete({ tenant, id }).go();
    },

    /** Stores an inbound message once (a partner's redelivery finds it there): answers whether it was new. */
    async addInbound(item: Omit<InboundItem, 'tenant'>): Promise<boolean> {
      try {
        await InboundMessageEntity.create({ ...item, tenant }).go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    /** Records a message sent outside campaigns (replies.service.ts). */
    async putReply(item: {
      id_channel: number;
      partner_id: string;
      reference: string;
      status: string;
      at: string;
    }) {
      await ReplyEntity.put({ ...item, tenant, rank: REPLY_RANK[item.status] ?? 1 }).go();
    },
    /** Moves a reply's status forward; answers whether the message is a reply. */
    async markReply(channel: number, partnerId: string, status: string, at: string): Promise<boolean> {
      const rank = REPLY_RANK[status] ?? 1;
      try {
        await ReplyEntity.patch({ tenant, id_channel: channel, partner_id: partnerId })
          .set({ status, rank, at })
          .where((a, { lt }) => (status === 'FAILED' ? '' : lt(a.rank, rank)))
          .go();
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const { data } = await ReplyEntity.get({ tenant, id_channel: channel, partner_id: partnerId }).go();
        return !!data;
      }
    },
    /** The newest inbound messages of a channel (the customer-service issue pages them). */
    async inbound(channel: number, limit = 50): Promise<InboundItem[]> {
      const { data } = await InboundMessageEntity.query
        .byTime({ tenant, id_channel: channel })
        .go({ order: 'desc', limit });
      return data;
    },

    /** A page of a channel's contacts in phone order (the opt-in/out export). */
    async contactsPage(
      channel: number,
      cursor: string | null,
      limit: number,
    ): Promise<{ data: ContactItem[]; cursor: string | null }> {
      const page = await ChannelContactEntity.query
        .byPhone({ tenant, id_channel: channel })
        .go({ cursor, limit });
      return { data: page.data, cursor: page.cursor ?? null };
    },
    async contact(channel: number, phone: string): Promise<ContactItem | undefined> {
      const { data } = await ChannelContactEntity.get({ tenant, id_channel: channel, phone }).go();
      return data ?? undefined;
    },
    /**
     * Records an interaction (and maybe an opt-in/out) of a number with a channel, moving the
     * audience counters and the day's opt counters with it, once per change.
     */
    async touchContact(input: {
      channel: number;
      phone: string;
      id_customer?: number;
      at: string;
      day: string;
      opt?: 'in' | 'out';
    }): Promise<void> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = await this.contact(input.channel, input.phone);
        const optout = input.opt === 'out' ? 'Y' : input.opt === 'in' ? 'N' : (current?.optout ?? 'N');
        const changedOpt = current ? current.optout !== optout : optout === 'Y';
        const result = await writeTransaction(() =>
          whatsappService.transaction
            .write(
              (t) =>
                [
                  current
                    ? t.contact
                        .patch({ tenant, id_channel: input.channel, phone: input.phone })
                        .set({
                          interacted_at: input.at,
                          optout,
                          ...(input.opt ? { opt_at: input.at } : {}),
                          ...(input.id_customer ? { id_customer: input.id_customer } : {}),
                        })
                        .where((a, { eq }) => eq(a.optout, current.optout))
                        .commit()
                    : t.contact
                        .create({
                          tenant,
                          id_channel: input.channel,
                          phone: input.phone,
                          interacted_at: input.at,
                          optout,
                          ...(input.opt ? { opt_at: input.at } : {}),
                          ...(input.id_customer ? { id_customer: input.id_customer } : {}),
                        })
                        .commit(),
                  ...(current
                    ? []
                    : [
                        t.counter
                          .upsert({ tenant, name: audience(input.channel, 'total') })
                          .add({ value: 1 })
                          .commit(),
                      ]),
                  ...(changedOpt
                    ? [
                        t.counter
                          .upsert({ tenant, name: audience(input.channel, 'optout') })
                          .add({ value: optout === 'Y' ? 1 : -1 })
                          .commit(),
                      ]
                    : []),
                  ...(input.opt && changedOpt
                    ? [
                        t.counter
                          .upsert({
                            tenant,
                            name: optsDay(input.channel, input.opt === 'in' ? 'optin' : 'optout', input.day),
                          })
                          .add({ value: 1 })
                          .commit(),
                      ]
                    : []),
                ] as never[],
            )
            .go(),
        );
        if (!result.canceled) return;
      }
      throw new Error('whatsapp: contact kept changing under the write');
    },
    /** Audience of a channel: numbers that interacted and those opted out (counters). */
    async audience(channel: number): Promise<{ total: number; total_optout: number }> {
      const [total, optout] = await Promise.all([
        CounterEntity.get({ tenant, name: audience(channel, 'total') }).go(),
        CounterEntity.get({ tenant, name: audience(channel, 'optout') }).go(),
      ]);
      return { total: total.data?.value ?? 0, total_optout: optout.data?.value ?? 0 };
    },
    /** Opt-ins and opt-outs of a channel per day (counters, one BatchGet per 100 days). */
    async optsByDay(
      channel: number,
      days: string[],
    ): Promise<{ day: string; optin: number; optout: number }[]> {
      const keys = days.flatMap((day) => [
        { tenant, name: optsDay(channel, 'optin', day) },
        { tenant, name: optsDay(channel, 'optout', day) },
      ]);
      const values = new Map<string, number>();
      for (let i = 0; i < keys.length; i += 100) {
        const { data } = await CounterEntity.get(keys.slice(i, i + 100)).go();
        for (const item of data) values.set(item.name, item.value ?? 0);
      }
      return days.map((day) => ({
        day,
        optin: values.get(optsDay(channel, 'optin', day)) ?? 0,
        optout: values.get(optsDay(channel, 'optout', day)) ?? 0,
      }));
    },

    async pacer(channel: number): Promise<PacerItem | undefined> {
      const { data } = await PacerEntity.get({ tenant, id_channel: channel }).go({
        consistent: true,
      } as never);
      return data ?? undefined;
    },
    /** Writes the pacer's next state only if no one moved it since `version` was read. */
    async movePacer(
      channel: number,
      version: number,
      next: Omit<PacerItem, 'tenant' | 'id_channel' | 'version'>,
    ): Promise<boolean> {
      try {
        if (version === 0)
          await PacerEntity.create({ tenant, id_channel: channel, ...next, version: 1 }).go();
        else
          await PacerEntity.patch({ tenant, id_channel: channel })
            .set({ ...next, version: version + 1 })
            .where((a, { eq }) => eq(a.version, version))
            .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Records a webhook body's digest once (a replay finds it): answers whether it was new. */
    async firstSight(digest: string, ttlSeconds: number, nowMs: number): Promise<boolean> {
      try {
        await WebhookSeenEntity.create({
          tenant,
          digest,
          expiresAt: Math.floor(nowMs / 1000) + ttlSeconds,
        }).go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

export type WhatsappRepository = ReturnType<typeof whatsappRepository>;
