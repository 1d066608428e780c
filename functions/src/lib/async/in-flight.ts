import { Entity } from 'electrodb';
import { documentClient, tableName } from '../ddb/client';
import { key } from '../ddb/indexes';

/**
 * The registry of long-running work in flight (a send run, a lead recompute), so that a sweep can
 * find work whose state stopped moving — its queue messages lost with a crashed local runtime, or
 * dead-lettered in AWS — and resume it (functions/README.md, "Recovery"). One small item per piece
 * of work, written when it starts and removed by the sweep once the work is finished; the sweep
 * reads one partition per kind, never a scan. The owner tenant is an attribute: the partition
 * belongs to the reserved scope `_inflight` (not a tenant label: those start with a letter or digit).
 */

const SCOPE = '_inflight';
/** Kept at most this long (TTL), whatever happens to the sweep. */
const KEEP_DAYS = 30;

export const InFlightEntity = new Entity(
  {
    model: { entity: 'inFlight', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      kind: { type: 'string', required: true, readOnly: true },
      owner: { type: 'string', required: true, readOnly: true },
      ref: { type: 'string', required: true, readOnly: true },
      /** The work's state as the last sweep saw it, and since when (ms) it has been so. */
      fingerprint: { type: 'string' },
      seenAt: { type: 'number' },
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byKind: key('primary', ['tenant', 'kind'], ['owner', 'ref']) },
  },
  { client: documentClient, table: tableName() },
);

export interface InFlight {
  kind: string;
  owner: string;
  ref: string;
  fingerprint?: string;
  seenAt?: number;
}

/**
 * A registration's item, for a caller that writes it inside its own transaction (InFlightEntity
 * in its ElectroDB service): the work and its registration then exist together or not at all.
 */
export const watchItem = (kind: string, owner: string, ref: string) => ({
  tenant: SCOPE,
  kind,
  owner,
  ref,
  expiresAt: Math.floor(Date.now() / 1000) + KEEP_DAYS * 86_400,
});

/** Registers a piece of work (idempotent: a second start changes nothing the sweep relies on). */
export async function watchWork(kind: string, owner: string, ref: string): Promise<void> {
  await InFlightEntity.upsert(watchItem(kind, owner, ref)).go();
}

/** Every registered piece of work of a kind (one Query of its partition). */
export async function watchedWork(kind: string): Promise<InFlight[]> {
  const { data } = await InFlightEntity.query.byKind({ tenant: SCOPE, kind }).go({ pages: 'all' });
  return data;
}

export async function unwatchWork(work: Pick<InFlight, 'kind' | 'owner' | 'ref'>): Promise<void> {
  await InFlightEntity.delete({ tenant: SCOPE, kind: work.kind, owner: work.owner, ref: work.ref }).go();
}

/**
 * Looks at a piece of work's state now: answers whether it has not moved for `leaseMs` (same
 * fingerprint as a sweep saw at least that long ago). A new state is remembered with the time.
 */
export async function stalled(
  work: InFlight,
  fingerprint: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  if (work.fingerprint === fingerprint && work.seenAt !== undefined) return now - work.seenAt >= leaseMs;
  await InFlightEntity.patch({ tenant: SCOPE, kind: work.kind, owner: work.owner, ref: work.ref })
    .set({ fingerprint, seenAt: now })
    .go();
  return false;
}

/** After a resume: the state counts as seen now, so the next resume waits a whole lease again. */
export async function resumed(work: InFlight, now: number): Promise<void> {
  await InFlightEntity.patch({ tenant: SCOPE, kind: work.kind, owner: work.owner, ref: work.ref })
    .set({ seenAt: now })
    .go();
}

export { SWEEPS, SWEEP_EVERY_MINUTES, sweepOptions } from './sweeps';
