import type { ChannelPartner } from '@freguesia/shared/domain/whatsapp';
import { evolutionV1, evolutionV2, waha } from './gateway-partners.service';
import { gupshup, meta, twilio } from './official-partners.service';
import type { WhatsappPartner } from './partners.service';

/** The adapter of each partner (README "WhatsApp"). Tests may replace entries. */
export const partners: Record<ChannelPartner, WhatsappPartner> = {
  RetailThink: evolutionV1,
  RetailThink_v2: evolutionV2,
  RetailThink_v3: waha,
  TWILIO: twilio,
  GUPSHUP: gupshup,
  META: meta,
};
