import { tableDefinition } from '../lib/ddb/table-definition';

/**
 * The keys of the population engine's items (the list is in population.repository.ts), in one
 * place for the engine's repository and for the membership read that other functions make
 * (membership.repository.ts: the point of sale's checkout asks whether a customer is in a lead).
 */
export const { partitionKey: PK, sortKey: SK } = tableDefinition;
export const GSI = tableDefinition.globalIndexes[0]!;

/** Profiles are spread over this many partitions; a full recompute runs one segment per shard. */
export const SHARDS = 16;
/** Geohash precision of a geo partition (≈ 39 × 20 km); the sort key holds the full hash. */
export const GEO_PARTITION_PRECISION = 4;

export const shardOf = (customerId: number): number => customerId % SHARDS;
export const pad = (n: number) => String(n).padStart(9, '0');
const base = (tenant: string) => `$freguesia#tenant_${tenant}#`;

export const keys = {
  profile: (t: string, id: number) => ({ [PK]: `${base(t)}segprofile_${shardOf(id)}`, [SK]: pad(id) }),
  profileShard: (t: string, shard: number) => `${base(t)}segprofile_${shard}`,
  applied: (t: string, customerId: number, ref: string) => ({
    [PK]: `${base(t)}segapplied_${customerId}`,
    [SK]: ref,
  }),
  activity: (t: string, customerId: number, ref: string) => ({
    [PK]: `${base(t)}segactivity_${customerId}`,
    [SK]: ref,
  }),
  geoPartition: (t: string, hash: string) => `${base(t)}seggeo_${hash.slice(0, GEO_PARTITION_PRECISION)}`,
  geo: (t: string, hash: string, id: number) => ({
    [PK]: keys.geoPartition(t, hash),
    [SK]: `${hash}#${pad(id)}`,
  }),
  memberShard: (t: string, lead: number, shard: number) => `${base(t)}segmember_${lead}_${shard}`,
  member: (t: string, lead: number, id: number) => ({
    [PK]: keys.memberShard(t, lead, shardOf(id)),
    [SK]: pad(id),
  }),
  memberOf: (t: string, id: number) => `${base(t)}segmemberof_${id}`,
  counts: (t: string, lead: number) => `${base(t)}segcount_${lead}`,
  count: (t: string, lead: number, shard: number) => ({
    [PK]: keys.counts(t, lead),
    [SK]: String(shard).padStart(3, '0'),
  }),
  run: (t: string, lead: number) => ({ [PK]: `${base(t)}segrun_${lead}`, [SK]: 'run' }),
};
