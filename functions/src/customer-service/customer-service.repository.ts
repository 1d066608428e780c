import type { EntityItem } from 'electrodb';
import { countersFor } from '../lib/ddb/counters';
import { isConditionFailure, writeTransaction } from '../lib/ddb/transactions';
import { watchItem } from '../lib/async/in-flight';
import {
  BotFlowEntity,
  ConversationEntity,
  ConversationMessageEntity,
  DepartmentEntity,
  OpenConversationEntity,
  customerServiceStore,
} from './customer-service.entities';

export type DepartmentItem = EntityItem<typeof DepartmentEntity>;
export type ConversationItem = EntityItem<typeof ConversationEntity>;
export type MessageItem = EntityItem<typeof ConversationMessageEntity>;

/** The in-flight kind of a conversation whose outbox is not empty (bot.service.ts, sweepOutboxes). */
export const OUTBOX_WORK = 'cs-outbox';

/** Counts the DynamoDB requests of this repository (the inbox bench reads it). */
export const requestCounter = { count: 0 };
const counted = <T>(p: Promise<T>): Promise<T> => {
  requestCounter.count++;
  return p;
};

/** Departments, flows, conversations and messages of one tenant. */
export function customerServiceRepository(tenant: string) {
  return {
    nextDepartmentId: () => countersFor(tenant).next('cs-department'),
    nextConversationId: () => countersFor(tenant).next('cs-conversation'),

    async departments(): Promise<DepartmentItem[]> {
      const { data } = await counted(DepartmentEntity.query.byTenant({ tenant }).go({ pages: 'all' }));
      return data;
    },
    async department(id: number): Promise<DepartmentItem | undefined> {
      const { data } = await counted(DepartmentEntity.get({ tenant, id }).go());
      return data ?? undefined;
    },
    async putDepartment(item: Omit<DepartmentItem, 'tenant'>): Promise<void> {
      await counted(DepartmentEntity.put({ ...item, tenant }).go());
    },
    async removeDepartment(id: number): Promise<void> {
      await counted(DepartmentEntity.delete({ tenant, id }).go());
    },

    async flow(channel: number): Promise<{ flow: string; updated_at: string } | undefined> {
      const { data } = await counted(BotFlowEntity.get({ tenant, id_channel: channel }).go());
      return data ? { flow: data.flow, updated_at: data.updated_at } : undefined;
    },
    async putFlow(channel: number, flow: string, at: string): Promise<void> {
      await counted(BotFlowEntity.put({ tenant, id_channel: channel, flow, updated_at: at }).go());
    },

    async conversation(id: number): Promise<ConversationItem | undefined> {
      const { data } = await counted(ConversationEntity.get({ tenant, id }).go());
      return data ?? undefined;
    },
    async openConversationId(channel: number, contact: string): Promise<number | undefined> {
      const { data } = await counted(
        OpenConversationEntity.get({ tenant, id_channel: channel, contact }).go(),
      );
      return data?.id_conversation;
    },

    /** Removes a contact's open marker if it still names this conversation. */
    async removeOpenMarker(channel: number, contact: string, id: number): Promise<void> {
      try {
        await counted(
          OpenConversationEntity.delete({ tenant, id_channel: channel, contact })
            .where((a, { eq }) => eq(a.id_conversation, id))
            .go(),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /**
     * Opens a conversation: the conversation and its open marker together, the marker only if the
     * contact has no open conversation on the channel. Answers false when another one won.
     */
    async open(
      item: Omit<ConversationItem, 'tenant'>,
      messages: Array<Omit<MessageItem, 'tenant'>>,
    ): Promise<boolean> {
      const result = await counted(
        writeTransaction(() =>
          customerServiceStore.transaction
            .write(({ conversation, open, message, inFlight }) => [
              open
                .create({
                  tenant,
                  id_channel: item.id_channel,
                  contact: item.contact,
                  id_conversation: item.id,
                })
                .commit(),
              conversation.create({ ...item, tenant }).commit(),
              ...messages.map((m) => message.put({ ...m, tenant }).commit()),
              ...(item.outbox.length > 0
                ? [inFlight.put(watchItem(OUTBOX_WORK, tenant, String(item.id))).commit()]
                : []),
            ])
            .go(),
        ),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`Transaction canceled: ${result.data.map((d) => d.code).join(',')}`);
    },

    /**
     * Saves a conversation whole under its version (answers false when someone else saved it
     * meanwhile), with new or changed messages in the same transaction; `closing` removes the open marker.
     * A conversation saved with messages in its outbox is registered in flight in the same
     * transaction, so a reply saved and then not handed over (a crash, the partner down) is found
     * by the outbox sweep whatever happens next.
     */
    async save(
      item: Omit<ConversationItem, 'tenant'>,
      expectedVersion: number,
      messages: Array<Omit<MessageItem, 'tenant'>> = [],
      closing = false,
    ): Promise<boolean> {
      const next = { ...item, tenant, version: expectedVersion + 1 };
      if (messages.length === 0 && !closing && item.outbox.length === 0) {
        try {
          await counted(
            ConversationEntity.put(next)
              .where((a, { eq }) => eq(a.version, expectedVersion))
              .go(),
          );
          return true;
        } catch (error) {
          if (isConditionFailure(error)) return false;
          throw error;
        }
      }
      const result = await counted(
        writeTransaction(() =>
          customerServiceStore.transaction
            .write(({ conversation, open, message, inFlight }) => [
              conversation
                .put(next)
                .where((a, { eq }) => eq(a.version, expectedVersion))
                .commit(),
              ...messages.map((m) => message.put({ ...m, tenant }).commit()),
              ...(closing
                ? [open.delete({ tenant, id_channel: item.id_channel, contact: item.contact }).commit()]
                : []),
              ...(item.outbox.length > 0
                ? [inFlight.put(watchItem(OUTBOX_WORK, tenant, String(item.id))).commit()]
                : []),
            ])
            .go(),
        ),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`Transaction canceled: ${result.data.map((d) => d.code).join(',')}`);
    },

    async messages(conversation: number): Promise<MessageItem[]> {
      const { data } = await counted(
        ConversationMessageEntity.query
          .byConversation({ tenant, id_conversation: conversation })
          .go({ pages: 'all' }),
      );
      return data;
    },
    async message(conversation: number, seq: number): Promise<MessageItem | undefined> {
      const { data } = await counted(
        ConversationMessageEntity.get({ tenant, id_conversation: conversation, seq }).go(),
      );
      return data ?? undefined;
    },
    /** Updates a sent message's status (and partner id) without touching the conversation. */
    async markMessage(
      conversation: number,
      seq: number,
      patch: { status: string; partner_id?: string; error?: string },
      onlyIf?: string,
    ): Promise<void> {
      try {
        const update = ConversationMessageEntity.patch({ tenant, id_conversation: conversation, seq }).set(
          patch,
        );
        await counted((onlyIf ? update.where((a, { eq }) => eq(a.status, onlyIf)) : update).go());
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /**
     * Open conversations of a department (gsi1) or of the tenant (gsi2), newest first, older than
     * `before` when given; `search` filters on the folded name and phone (up to 5 pages read).
     * Without a search this is one Query.
     */
    async openPage(
      department: number | undefined,
      limit: number,
      before?: { updated_at: string; id: number },
      search?: string,
    ): Promise<ConversationItem[]> {
      const filter = search
        ? {
            where: (a: { search: never }, op: { contains: (x: never, v: string) => string }) =>
              op.contains(a.search, search),
          }
        : undefined;
      const options = { order: 'desc' as const, limit, ...(search ? { pages: 5 } : {}) };
      if (department === undefined) {
        const q = ConversationEntity.query.openByTenant({ tenant });
        const ranged = before ? q.lt({ updated_at: before.updated_at, id: before.id }) : q;
        const { data } = await counted((filter ? ranged.where(filter.where as never) : ranged).go(options));
        return data;
      }
      const q = ConversationEntity.query.openByDepartment({ tenant, id_department: department });
      const ranged = before ? q.lt({ updated_at: before.updated_at, id: before.id }) : q;
      const { data } = await counted((filter ? ranged.where(filter.where as never) : ranged).go(options));
      return data;
    },
  };
}
export type CustomerServiceRepository = ReturnType<typeof customerServiceRepository>;
