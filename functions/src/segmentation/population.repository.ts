import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mapLimited } from '../lib/ddb/concurrency';
import { documentClient, tableName } from '../lib/ddb/client';
import { batchWrite } from '../lib/ddb/batch';
import { GEO_PARTITION_PRECISION, GSI, PK, SHARDS, SK, keys, pad, shardOf } from './population-keys.model';
import type { CustomerProfile } from './profile.model';

/**
 * The population engine's items (see functions/README.md, "Population engine"). They are
 * written with the document client rather than ElectroDB entities: the hot paths (a shard of
 * profiles per Query, member diffs in 100-action transactions, shard counters with ADD) need
 * exact control of conditions and projections, like the dashboard's counters. Keys follow the
 * table's convention (`$freguesia#tenant_<tenant>#…`) and never meet an ElectroDB entity's; the
 * items carry no `__edb_e__`, so no stream processor receives them.
 *
 * - profile    pk tenant+`segprofile_<shard>`, sk customer id (9 digits): the customer's
 *              `CustomerProfile` as JSON (`p`) and a revision (`rev`, optimistic lock);
 * - applied    pk tenant+`segapplied_<customer>`, sk `P_<purchase>`: a purchase counted once;
 * - activity   pk tenant+`segactivity_<customer>`, sk `<at>#<kind>#…`: an activity, counted once;
 * - geo        pk tenant+`seggeo_<geohash 4>`, sk `<geohash 9>#<customer>`: a map point;
 * - member     pk tenant+`segmember_<lead>_<shard>`, sk customer id; gsi1 = the customer's
 *              leads (tenant+`segmemberof_<customer>`, lead id);
 * - count      pk tenant+`segcount_<lead>`, sk shard: members of the lead in that shard;
 * - run        pk tenant+`segrun_<lead>`: version, status, segments done and their cursors.
 */

export { GEO_PARTITION_PRECISION, SHARDS, shardOf } from './population-keys.model';

/** DynamoDB's limit of actions per transaction. */
const TRANSACTION_MAX = 100;
const ATTEMPTS = 8;

export interface StoredProfile {
  profile: CustomerProfile;
  rev: number;
  /** `updatedAt` of the customer record whose facts the profile holds. */
  factsVersion?: string;
}

/** A map point to index, or to remove from the index. */
export interface GeoPoint {
  hash: string;
  latitude: number;
  longitude: number;
}

/** One profile write: the profile (or its removal) with what must happen in the same transaction. */
export interface ProfileWrite {
  customerId: number;
  /** Undefined: remove the profile. */
  profile?: CustomerProfile;
  /** The revision read (0: none existed); the write fails as `stale` if it moved meanwhile. */
  expectedRev: number;
  factsVersion?: string;
  /** Once-only marker (`P_<purchase>`): the write is `duplicate` if it exists. */
  appliedRef?: string;
  /** Activity item (its key is the once-only marker). */
  activity?: { ref: string; body: unknown };
  geoRemove?: GeoPoint;
  geoAdd?: GeoPoint;
}

export interface RunItem {
  version: number;
  status: 'P' | 'R' | 'D';
  done: number[];
  cursors: Record<string, number>;
}

export interface MembershipChange {
  customerId: number;
  add: boolean;
}

const reasonsOf = (error: unknown): string[] =>
  error instanceof TransactionCanceledException
    ? (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None')
    : [];

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 40));

async function queryAll(input: QueryCommandInput, max = Infinity): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < max);
  return items;
}

/** The population engine's data, bound to one tenant. */
export function populationRepository(tenant: string) {
  const table = tableName();

  function profileActions(w: ProfileWrite) {
    const actions: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [];
    if (w.appliedRef) {
      actions.push({
        Put: {
          TableName: table,
          Item: { ...keys.applied(tenant, w.customerId, w.appliedRef) },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': PK },
        },
      });
    }
    if (w.activity) {
      actions.push({
        Put: {
          TableName: table,
          Item: {
            ...keys.activity(tenant, w.customerId, w.activity.ref),
            a: JSON.stringify(w.activity.body),
          },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': PK },
        },
      });
    }
    const revCondition: {
      ConditionExpression: string;
      ExpressionAttributeNames: Record<string, string>;
      ExpressionAttributeValues?: Record<string, unknown>;
    } =
      w.expectedRev === 0
        ? { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': PK } }
        : {
            ConditionExpression: '#rev = :rev',
            ExpressionAttributeNames: { '#rev': 'rev' },
            ExpressionAttributeValues: { ':rev': w.expectedRev },
          };
    if (w.profile) {
      actions.push({
        Put: {
          TableName: table,
          Item: {
            ...keys.profile(tenant, w.customerId),
            p: JSON.stringify(w.profile),
            rev: w.expectedRev + 1,
            ...(w.factsVersion ? { fv: w.factsVersion } : {}),
          },
          ...revCondition,
        },
      });
    } else if (w.expectedRev > 0) {
      actions.push({
        Delete: { TableName: table, Key: keys.profile(tenant, w.customerId), ...revCondition },
      });
    }
    const sameGeo = w.geoAdd && w.geoRemove && w.geoAdd.hash === w.geoRemove.hash;
    if (w.geoRemove && !sameGeo)
      actions.push({ Delete: { TableName: table, Key: keys.geo(tenant, w.geoRemove.hash, w.customerId) } });
    if (w.geoAdd && !sameGeo) {
      actions.push({
        Put: {
          TableName: table,
          Item: {
            ...keys.geo(tenant, w.geoAdd.hash, w.customerId),
            c: w.customerId,
            la: w.geoAdd.latitude,
            lo: w.geoAdd.longitude,
          },
        },
      });
    }
    return actions;
  }

  return {
    async getProfile(customerId: number): Promise<StoredProfile | undefined> {
      const { Item } = await documentClient.send(
        new GetCommand({ TableName: table, Key: keys.profile(tenant, customerId), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return {
        profile: JSON.parse(String(Item.p)) as CustomerProfile,
        rev: Number(Item.rev),
        ...(Item.fv ? { factsVersion: String(Item.fv) } : {}),
      };
    },

    /** The highest customer id with a profile in a shard (0: none). */
    async lastProfileId(shard: number): Promise<number> {
      const page = await documentClient.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
          ExpressionAttributeValues: { ':pk': keys.profileShard(tenant, shard) },
          ProjectionExpression: '#sk',
          ScanIndexForward: false,
          Limit: 1,
        }),
      );
      return page.Items?.[0] ? Number(page.Items[0][SK]) : 0;
    },

    /** A shard's profiles whose customer id is in [from, to], in id order (the preview's sample windows). */
    async profilesBetween(
      shard: number,
      from: number,
      to: number,
    ): Promise<{ id: number; profile: CustomerProfile }[]> {
      const items = await queryAll({
        TableName: table,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
        ExpressionAttributeValues: {
          ':pk': keys.profileShard(tenant, shard),
          ':from': pad(from),
          ':to': pad(to),
        },
      });
      return items.map((item) => ({
        id: Number(item[SK]),
        profile: JSON.parse(String(item.p)) as CustomerProfile,
      }));
    },

    /**
     * One page of a shard's profiles in customer id order, after `after` (exclusive).
     * `last` is the id to continue after, undefined when the shard is exhausted.
     */
    async profilesPage(
      shard: number,
      after: number,
      limit: number,
      consistent = false,
    ): Promise<{ items: { id: number; profile: CustomerProfile }[]; last?: number }> {
      const page = await documentClient.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: '#pk = :pk AND #sk > :after',
          ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
          ExpressionAttributeValues: { ':pk': keys.profileShard(tenant, shard), ':after': pad(after) },
          Limit: limit,
          ConsistentRead: consistent,
        }),
      );
      const items = (page.Items ?? []).map((item) => ({
        id: Number(item[SK]),
        profile: JSON.parse(String(item.p)) as CustomerProfile,
      }));
      return { items, ...(page.LastEvaluatedKey && items.length > 0 ? { last: items.at(-1)!.id } : {}) };
    },

    /**
     * Writes a profile with its marker, activity and geo items, all or nothing. `duplicate`: the
     * purchase or activity was applied before (nothing written); `stale`: the profile changed since
     * it was read (read again and retry).
     */
    async writeProfile(w: ProfileWrite): Promise<'ok' | 'duplicate' | 'stale'> {
      const actions = profileActions(w);
      if (actions.length === 0) return 'ok';
      const markers = (w.appliedRef ? 1 : 0) + (w.activity ? 1 : 0);
      for (let attempt = 1; ; attempt++) {
        try {
          await documentClient.send(new TransactWriteCommand({ TransactItems: actions }));
          return 'ok';
        } catch (error) {
          const reasons = reasonsOf(error);
          if (reasons.length === 0) throw error;
          if (reasons.slice(0, markers).includes('ConditionalCheckFailed')) return 'duplicate';
          if (reasons[markers] === 'ConditionalCheckFailed') return 'stale';
          if (!reasons.includes('TransactionConflict') || attempt >= ATTEMPTS) throw error;
          await pause(attempt);
        }
      }
    },

    /** The ids of the leads a customer is a member of (one Query of the reverse index). */
    async leadsOf(customerId: number): Promise<number[]> {
      const items = await queryAll({
        TableName: table,
        IndexName: GSI.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': GSI.partitionKey, '#l': 'l' },
        ExpressionAttributeValues: { ':pk': keys.memberOf(tenant, customerId) },
        ProjectionExpression: '#l',
      });
      return items.map((i) => Number(i.l));
    },

    /** Member ids of a lead in one shard within (after, upTo], in id order (strongly consistent). */
    async membersRange(lead: number, shard: number, after: number, upTo?: number): Promise<number[]> {
      const items = await queryAll({
        TableName: table,
        KeyConditionExpression:
          upTo === undefined ? '#pk = :pk AND #sk > :after' : '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
        ExpressionAttributeValues: {
          ':pk': keys.memberShard(tenant, lead, shard),
          ...(upTo === undefined ? { ':after': pad(after) } : { ':from': pad(after + 1), ':to': pad(upTo) }),
        },
        ProjectionExpression: '#sk',
        ConsistentRead: true,
      });
      return items.map((i) => Number(i[SK]));
    },

    /**
     * Makes a static lead's members exactly `ids` (valid positive ids; with `keepOld`, the members it
     * has stay too): only the difference is written, so writing the same list again changes nothing.
     */
    async setStaticMembers(lead: number, ids: readonly number[], keepOld: boolean): Promise<void> {
      const wanted = new Set(ids.filter((id) => Number.isInteger(id) && id > 0));
      const current = (
        await mapLimited([...Array(SHARDS).keys()], 4, (shard) => this.membersRange(lead, shard, 0))
      ).flat();
      const present = new Set(current);
      await this.applyMembership(lead, [
        ...[...wanted].filter((id) => !present.has(id)).map((customerId) => ({ customerId, add: true })),
        ...(keepOld
          ? []
          : current.filter((id) => !wanted.has(id)).map((customerId) => ({ customerId, add: false }))),
      ]);
    },
    /**
     * Adds and removes members with conditional writes and moves the shard counters by what was
     * really written, so a population always equals its member items whoever writes concurrently
     * (a recompute segment, the stream processor, a redelivered message). Changes of one shard go
     * in transactions of up to 99 members + their counter; a transaction cancelled by a condition
     * (someone else got there first) is redone one member at a time. Answers the net change.
     */
    async applyMembership(lead: number, changes: readonly MembershipChange[]): Promise<number> {
      const byShard = new Map<number, MembershipChange[]>();
      for (const c of changes)
        byShard.set(shardOf(c.customerId), [...(byShard.get(shardOf(c.customerId)) ?? []), c]);
      let net = 0;
      const commit = async (shard: number, chunk: readonly MembershipChange[]): Promise<boolean> => {
        const delta = chunk.reduce((sum, c) => sum + (c.add ? 1 : -1), 0);
        const actions = chunk.map((c) =>
          c.add
            ? {
                Put: {
                  TableName: table,
                  Item: {
                    ...keys.member(tenant, lead, c.customerId),
                    [GSI.partitionKey]: keys.memberOf(tenant, c.customerId),
                    [GSI.sortKey]: pad(lead),
                    l: lead,
                  },
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': PK },
                },
              }
            : {
                Delete: {
                  TableName: table,
                  Key: keys.member(tenant, lead, c.customerId),
                  ConditionExpression: 'attribute_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': PK },
                },
              },
        );
        if (delta !== 0) {
          actions.push({
            Update: {
              TableName: table,
              Key: keys.count(tenant, lead, shard),
              UpdateExpression: 'ADD #n :d',
              ExpressionAttributeNames: { '#n': 'n' },
              ExpressionAttributeValues: { ':d': delta },
            },
          } as never);
        }
        for (let attempt = 1; ; attempt++) {
          try {
            await documentClient.send(new TransactWriteCommand({ TransactItems: actions as never }));
            net += delta;
            return true;
          } catch (error) {
            const reasons = reasonsOf(error);
            if (reasons.length === 0) throw error;
            if (reasons.includes('ConditionalCheckFailed')) return false;
            if (!reasons.includes('TransactionConflict') || attempt >= ATTEMPTS) throw error;
            await pause(attempt);
          }
        }
      };
      await mapLimited([...byShard], 4, async ([shard, list]) => {
        for (let i = 0; i < list.length; i += TRANSACTION_MAX - 1) {
          const chunk = list.slice(i, i + TRANSACTION_MAX - 1);
          if (await commit(shard, chunk)) continue;
          if (chunk.length === 1) continue;
          for (const one of chunk) await commit(shard, [one]);
        }
      });
      return net;
    },

    /** The population: the sum of the lead's shard counters (one strongly consistent Query). */
    /** The highest member id of a lead (0 when it has none): one Query per shard, newest first, one item. */
    async lastMember(lead: number): Promise<number> {
      const last = await Promise.all(
        [...Array(SHARDS).keys()].map(async (shard) => {
          const page = await documentClient.send(
            new QueryCommand({
              TableName: table,
              KeyConditionExpression: '#pk = :pk',
              ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
              ExpressionAttributeValues: { ':pk': keys.memberShard(tenant, lead, shard) },
              ProjectionExpression: '#sk',
              ScanIndexForward: false,
              Limit: 1,
              ConsistentRead: true,
            }),
          );
          return page.Items?.[0] ? Number(page.Items[0][SK]) : 0;
        }),
      );
      return Math.max(0, ...last);
    },

    async population(lead: number): Promise<number> {
      const items = await queryAll({
        TableName: table,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': PK },
        ExpressionAttributeValues: { ':pk': keys.counts(tenant, lead) },
        ConsistentRead: true,
      });
      return items.reduce((sum, i) => sum + Number(i.n ?? 0), 0);
    },

    /** A page of member ids across the shards: cursor `<shard>:<last id>`. */
    async listMembers(
      lead: number,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ ids: number[]; cursor?: string }> {
      let [shard, after] = (cursor ?? '0:0').split(':').map(Number) as [number, number];
      const ids: number[] = [];
      while (shard < SHARDS && ids.length < limit) {
        const page = await documentClient.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: '#pk = :pk AND #sk > :after',
            ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
            ExpressionAttributeValues: { ':pk': keys.memberShard(tenant, lead, shard), ':after': pad(after) },
            ProjectionExpression: '#sk',
            Limit: limit - ids.length,
          }),
        );
        const found = (page.Items ?? []).map((i) => Number(i[SK]));
        ids.push(...found);
        if (page.LastEvaluatedKey && found.length > 0) after = found.at(-1)!;
        else {
          shard += 1;
          after = 0;
        }
      }
      return { ids, ...(shard < SHARDS ? { cursor: `${shard}:${after}` } : {}) };
    },

    async getRun(lead: number): Promise<RunItem | undefined> {
      const { Item } = await documentClient.send(
        new GetCommand({ TableName: table, Key: keys.run(tenant, lead), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return {
        version: Number(Item.version ?? 0),
        status: (Item.status ?? 'P') as RunItem['status'],
        done: [...((Item.done as Set<number> | undefined) ?? [])].map(Number),
        cursors: (Item.cursors ?? {}) as Record<string, number>,
      };
    },

    /** Starts a new run: version + 1, status P, no segment done. Answers the new version. */
    async startRun(lead: number, atLeast: number): Promise<number> {
      const current = await this.getRun(lead);
      const version = Math.max(current?.version ?? 0, atLeast) + 1;
      try {
        await documentClient.send(
          new UpdateCommand({
            TableName: table,
            Key: keys.run(tenant, lead),
            UpdateExpression: 'SET #v = :v, #s = :p, #c = :empty REMOVE #d',
            ConditionExpression: 'attribute_not_exists(#v) OR #v < :v',
            ExpressionAttributeNames: { '#v': 'version', '#s': 'status', '#c': 'cursors', '#d': 'done' },
            ExpressionAttributeValues: { ':v': version, ':p': 'P', ':empty': {} },
          }),
        );
      } catch (error) {
        // Someone started a newer run meanwhile: take the next one after it.
        if ((error as Error).name === 'ConditionalCheckFailedException') return this.startRun(lead, version);
        throw error;
      }
      return version;
    },

    /** Sets the run's status while it is still `version`; false when a newer run replaced it. */
    async setRunStatus(lead: number, version: number, status: RunItem['status']): Promise<boolean> {
      return conditional(() =>
        documentClient.send(
          new UpdateCommand({
            TableName: table,
            Key: keys.run(tenant, lead),
            UpdateExpression: 'SET #s = :s',
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version', '#s': 'status' },
            ExpressionAttributeValues: { ':v': version, ':s': status },
          }),
        ),
      );
    },

    /** Saves a segment's position (the last customer id handled) within run `version`. */
    async saveCursor(lead: number, version: number, shard: number, last: number): Promise<boolean> {
      return conditional(() =>
        documentClient.send(
          new UpdateCommand({
            TableName: table,
            Key: keys.run(tenant, lead),
            UpdateExpression: 'SET #c.#k = :last',
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version', '#c': 'cursors', '#k': String(shard) },
            ExpressionAttributeValues: { ':v': version, ':last': last },
          }),
        ),
      );
    },

    /** Records a segment done; answers the segments done so far, or undefined if the run was replaced. */
    async markDone(lead: number, version: number, shard: number): Promise<number[] | undefined> {
      try {
        const { Attributes } = await documentClient.send(
          new UpdateCommand({
            TableName: table,
            Key: keys.run(tenant, lead),
            UpdateExpression: 'ADD #d :s',
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version', '#d': 'done' },
            ExpressionAttributeValues: { ':v': version, ':s': new Set([shard]) },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return [...((Attributes?.done as Set<number> | undefined) ?? [])].map(Number);
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
        throw error;
      }
    },

    /**
     * Writes profiles as they are (no marker, no membership): batch writes, for a backfill of
     * customers that predate the engine and for the benchmarks' seeds. Map points need `geo`.
     */
    async putProfiles(list: readonly { profile: CustomerProfile; geo?: GeoPoint }[]): Promise<void> {
      const requests = list.flatMap(({ profile, geo }) => [
        { PutRequest: { Item: { ...keys.profile(tenant, profile.id), p: JSON.stringify(profile), rev: 1 } } },
        ...(geo
          ? [
              {
                PutRequest: {
                  Item: {
                    ...keys.geo(tenant, geo.hash, profile.id),
                    c: profile.id,
                    la: geo.latitude,
                    lo: geo.longitude,
                  },
                },
              },
            ]
          : []),
      ]);
      await batchWrite(requests, { what: 'segmentation: profiles', concurrency: 16, table });
    },

    /** Customers whose map point lies in a geohash cell (any precision ≥ the partition's). */
    async geoCell(cell: string): Promise<{ id: number; latitude: number; longitude: number }[]> {
      const items = await queryAll({
        TableName: table,
        KeyConditionExpression:
          cell.length > GEO_PARTITION_PRECISION ? '#pk = :pk AND begins_with(#sk, :cell)' : '#pk = :pk',
        ExpressionAttributeNames: {
          '#pk': PK,
          ...(cell.length > GEO_PARTITION_PRECISION ? { '#sk': SK } : {}),
        },
        ExpressionAttributeValues: {
          ':pk': keys.geoPartition(tenant, cell),
          ...(cell.length > GEO_PARTITION_PRECISION ? { ':cell': cell } : {}),
        },
      });
      return items.map((i) => ({ id: Number(i.c), latitude: Number(i.la), longitude: Number(i.lo) }));
    },

    /** Removes every member, counter and the run of a lead (Queries per shard, batch deletes). */
    async dropLead(lead: number): Promise<void> {
      await mapLimited([...Array(SHARDS).keys()], 4, async (shard) => {
        const ids = await this.membersRange(lead, shard, 0);
        await deleteKeys(ids.map((id) => keys.member(tenant, lead, id)));
      });
      const counters = await queryAll({
        TableName: table,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
        ExpressionAttributeValues: { ':pk': keys.counts(tenant, lead) },
        ProjectionExpression: '#pk, #sk',
      });
      await deleteKeys(counters.map((c) => ({ [PK]: c[PK], [SK]: c[SK] })));
      await documentClient.send(new DeleteCommand({ TableName: table, Key: keys.run(tenant, lead) }));
    },
  };
}

async function conditional(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

async function deleteKeys(list: Record<string, unknown>[]): Promise<void> {
  await batchWrite(
    list.map((Key) => ({ DeleteRequest: { Key } })),
    { what: 'segmentation: deletes' },
  );
}

export type PopulationRepository = ReturnType<typeof populationRepository>;
