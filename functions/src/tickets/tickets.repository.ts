import { batchGetEntities } from '../lib/ddb/batch';
import { isConditionFailure } from '../lib/ddb/transactions';
import { TicketEntity, type TicketItem } from './tickets.entities';

/** Tickets and won prizes of one tenant as the follow-up screens read and change them; no business rules. */
export function ticketsRepository(tenant: string) {
  return {
    // ------------------------------------------------------------------ tickets

    async customerTickets(
      campaign: number,
      customer: number,
      from: string,
      to: string,
      limit: number,
    ): Promise<TicketItem[]> {
      const { data } = await TicketEntity.query
        .byCustomer({ tenant, id_customer: customer, campaign })
        .between({ createdAt: from }, { createdAt: to })
        .go({ pages: 'all', limit, order: 'desc' });
      return data.slice(0, limit);
    },

    async ticketsById(campaign: number, ids: readonly number[]): Promise<TicketItem[]> {
      return batchGetEntities(
        (keys) => TicketEntity.get(keys).go(),
        ids.map((id) => ({ tenant, campaign, id })),
        { what: 'tickets' },
      );
    },

    /** Releases a reprint of a printed ticket (condition: printed); answers whether it changed. */
    async releaseReprint(campaign: number, id: number): Promise<boolean> {
      try {
        await TicketEntity.patch({ tenant, campaign, id })
          .set({ reprint: true })
          .where((a, { eq }) => eq(a.status, 'PRINTED'))
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Marks a ticket printed (condition: never printed, or a reprint released); answers whether it may print. */
    async markPrinted(campaign: number, id: number, at: string): Promise<boolean> {
      try {
        await TicketEntity.patch({ tenant, campaign, id })
          .set({ status: 'PRINTED', reprint: false, printed_at: at })
          .where((a, { eq }) => `${eq(a.status, 'CREATED')} OR ${eq(a.reprint, true)}`)
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async ticketPage(
      campaign: number,
      cursor: string | null,
      limit: number,
    ): Promise<{ data: TicketItem[]; cursor: string | null }> {
      const r = await TicketEntity.query.byCampaign({ tenant, campaign }).go({ cursor, limit, pages: 1 });
      return { data: r.data, cursor: r.cursor };
    },
  };
}
