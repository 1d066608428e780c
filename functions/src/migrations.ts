/**
 * The data migrations (functions/README.md, "Data migrations"): backfills that bring a tenant's
 * data written before a change up to what the code now keeps on write. Pure data, read by the
 * sweep that finds pending work (lib/migrations/runner.ts), by tenant provisioning (a new tenant
 * has nothing old: it starts with every migration done) and by the queue consumers that run them.
 *
 * Each migration is one function of its owning domain's service, one page per call, idempotent
 * (a run repeated from any page changes nothing already right). The consumer of `queue` maps the
 * id to that function (`migrationSteps` in its `*.consumer.ts`); a unit test holds the two lists
 * together. Ids are never renamed or reused: the ledger remembers them per tenant for good.
 */
export interface MigrationDefinition {
  /** Kebab-case, unique, stable. */
  readonly id: string;
  /** The domain whose service owns the backfill. */
  readonly domain: string;
  /** The queue (functions/src/queues.ts) whose consumer runs it. */
  readonly queue: string;
  /** What it fixes, for the operator (log lines, the ledger, the status call). */
  readonly description: string;
}

export const migrations: readonly MigrationDefinition[] = [
  {
    id: 'campaign-lead-uses',
    domain: 'campaign-records',
    queue: 'campaigns',
    description:
      'índice de uso de leads pelas campanhas salvas antes dele (exclusão de lead em uso recusada)',
  },
  {
    id: 'customer-city-ids',
    domain: 'customers',
    queue: 'segmentation',
    description: 'código IBGE da cidade (id_city) no cadastro dos clientes que têm só o nome e a UF',
  },
  {
    id: 'profile-city-ids',
    domain: 'segmentation',
    queue: 'segmentation',
    description: "código IBGE da cidade nos perfis de segmentação (condição 'Cidade')",
  },
  {
    id: 'customer-reach-counters',
    domain: 'customers',
    queue: 'segmentation',
    description: 'contadores de clientes alcançáveis por canal (estimativa de envio para toda a base)',
  },
];

/** Every registered migration id, in order. */
export const MIGRATION_IDS: readonly string[] = migrations.map((m) => m.id);

export const migrationById = (id: string): MigrationDefinition | undefined =>
  migrations.find((m) => m.id === id);
