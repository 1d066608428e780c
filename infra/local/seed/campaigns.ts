import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { Campaign, NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { createCampaign } from '@freguesia/functions/campaigns/campaigns.service';
import { systemContext } from '@freguesia/functions/lib/context';
import type { SeededPayment, SeededProduct, SeededStore } from './catalog';
import type { Seeder } from './types';

/**
 * A few discount campaigns of the kinds a supermarket runs, written through the campaigns service
 * (so they are validated like the wizard's and reach the checkout's active set): a percentage off
 * some products, take 3 pay 2, a progressive ticket discount, a payment-method discount, and one
 * that has ended. Only for the full (demo) tenant.
 */
export const campaignsSeeder: Seeder = {
  name: 'campanhas',
  async run(ctx) {
    if (ctx.size !== 'full') return 'nenhuma campanha';
    const stores = (ctx.shared.get('stores') as SeededStore[] | undefined) ?? [];
    const products = (ctx.shared.get('products') as SeededProduct[] | undefined) ?? [];
    const payments = (ctx.shared.get('payments') as SeededPayment[] | undefined) ?? [];
    if (stores.length === 0 || products.length < 10) return 'nenhuma campanha (catálogo vazio)';
    const today = localDay(ctx.now);
    const allStores = stores.map((s) => ({ id_store: s.id }));
    const pick = (n: number, from: number) => products.slice(from, from + n);
    const pix = payments.find((p) => /pix/i.test(p.description)) ?? payments[0];
    const campaigns: unknown[] = [
      {
        description: 'Ofertas da semana — 15% off',
        type: 'D',
        start_at: addDays(today, -3),
        end_at: addDays(today, 4),
        stores: allStores,
        info: { can_accumulate: 'N' },
        products: pick(6, 0).map((p) => ({ code: p.code, type: 2, price: 15, trigger_discount: 'D' })),
      },
      {
        description: 'Leve 3 pague 2 — Mercearia',
        type: 'D',
        start_at: addDays(today, -10),
        end_at: NO_END_DATE,
        stores: allStores.slice(0, Math.max(1, allStores.length - 1)),
        info: { can_accumulate: 'N', unique_discount: 'Y' },
        products: pick(4, 10).map((p) => ({ code: p.code, type: 5, take: 3, pay: 2, trigger_discount: 'D' })),
      },
      {
        description: 'Desconto progressivo no ticket (Clube)',
        type: 'DB',
        start_at: addDays(today, -1),
        end_at: addDays(today, 29),
        stores: allStores,
        info: {
          type: 9,
          value: 5,
          need_terms: 'Y',
          tiers: [
            { min_amount: 200, value: 7 },
            { min_amount: 400, value: 10 },
          ],
        },
      },
      ...(pix
        ? [
            {
              description: `${pix.description}: R$ 5 de desconto`,
              type: 'DBP',
              start_at: today,
              end_at: addDays(today, 14),
              stores: allStores,
              payments: [{ id_payment_method: pix.id, factor: 1 }],
              info: { type: 6, value: 5 },
            },
          ]
        : []),
      {
        description: 'Black Friday do ano passado',
        type: 'D',
        start_at: addDays(today, -380),
        end_at: addDays(today, -370),
        stores: allStores,
        info: {},
        products: pick(3, 20).map((p) => ({ code: p.code, type: 2, price: 30, trigger_discount: 'D' })),
      },
    ];
    const service = systemContext(ctx.tenant, 'seed', () => ctx.now);
    for (const payload of campaigns) await createCampaign(service, Campaign.parse(payload));
    return `${campaigns.length} campanhas de desconto`;
  },
};
