import type { FlowItem } from '@freguesia/shared/domain/whatsapp';

/** The WhatsApp campaign's stored shape (pure: no I/O), shared by the save path and the sender. */

/** What a WhatsApp campaign keeps in `info` besides the shared fields. */
export interface WhatsappInfo {
  channel_id?: number;
  flow?: string;
  deadline?: string | null;
  ban_safety?: boolean;
}

export const lookupProvider = (tenant: string, channel: number) => `whatsapp:${tenant}:${channel}`;

export const flowOf = (info: WhatsappInfo): FlowItem[] => {
  try {
    const parsed = JSON.parse(info.flow || '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as FlowItem[]) : [];
  } catch {
    return [];
  }
};
