import type {
  CustomerRecordFacts,
  PurchaseRecordFacts,
} from '@freguesia/functions/customers/changes.service';
import { systemContext } from '@freguesia/functions/lib/context';
import { withCityId } from '@freguesia/functions/segmentation/city-ids.model';
import { loadProfiles } from '@freguesia/functions/segmentation/profiles.service';
import { PROCESSOR as PROFILES_PROCESSOR } from '@freguesia/functions/segmentation/profiles.stream';
import { PROCESSOR as TAGS_PROCESSOR } from '@freguesia/functions/segmentation/tags.stream';
import { backfillTagMembers, createTag } from '@freguesia/functions/segmentation/tags.service';
import type { Seeder } from './types';

/**
 * Segmentation of the seeded base, runs after the customers seeder:
 * - the tags the seeded customers carry, registered on /tags (Segmentação › Tags) through the
 *   tags service (uniqueness, counters and search words as the screen would write them);
 * - who carries each tag and each customer's profile, written in bulk. The stream processors
 *   that keep them on write skip the seed's records (infra/local/workers.ts): replaying 12,000
 *   records one by one inside the runtime kept the API slow for minutes after every fresh start.
 */
/** The stream processors whose items this seeder writes in bulk: they skip the seed's records. */
export const SEGMENTATION_SEEDED_PROCESSORS = [PROFILES_PROCESSOR, TAGS_PROCESSOR];

export const segmentationSeeder: Seeder = {
  name: 'segmentação',
  async run(ctx) {
    const customers = (ctx.shared.get('customers') ?? []) as { tags: string[] }[];
    const descriptions = [...new Set(customers.flatMap((c) => c.tags))].sort((a, b) =>
      a.localeCompare(b, 'pt-BR'),
    );
    const system = systemContext(ctx.tenant, 'seed', () => ctx.now);
    for (const description of descriptions) await createTag(system, { description });
    const facts = (ctx.shared.get('profileFacts') ?? { customers: [], purchases: [] }) as {
      customers: CustomerRecordFacts[];
      purchases: PurchaseRecordFacts[];
    };
    // The seed's customers carry the city's name and state only: the profiles get the IBGE code.
    const profiles = await loadProfiles(system, facts.customers.map(withCityId), facts.purchases);
    const tagged = await backfillTagMembers(system);
    return `${descriptions.length} tags, ${profiles} perfis de cliente (${tagged} clientes lidos para as tags)`;
  },
};
