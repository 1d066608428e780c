import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * The local twin of a Lambda event-source mapping on the table's stream: reads DynamoDB
 * Local's own stream (DescribeTable → DescribeStream → GetShardIterator → GetRecords, the
 * Streams API DynamoDB Local serves on its endpoint) and calls the same processor handlers
 * with stream-shaped batches. Like Lambda it keeps a position per shard (persisted, so a
 * restart resumes where it stopped), processes a parent shard before its children, retries a
 * batch from the first failed record (ReportBatchItemFailures) and, after `maxAttempts`, skips
 * it to a dead-letter file. Records are delivered at least once: processors are idempotent.
 */

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface LocalStreamProcessor {
  name: string;
  handler: StreamHandler;
  /** The records this processor receives (the event-source mapping's filter). */
  accepts: (record: DynamoDBRecord) => boolean;
  batchSize: number;
  maxAttempts: number;
}

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  processors: LocalStreamProcessor[];
  /** Where shard positions are kept between runs; none: in memory only. */
  checkpointFile?: string;
  /** Where skipped batches are written (JSON lines). */
  deadLetterFile?: string;
  /** Start of a shard never read before: its oldest record (default) or only new ones. */
  startAt?: 'TRIM_HORIZON' | 'LATEST';
  /** Pause between polls once caught up. */
  intervalMs?: number;
  log?: (line: string) => void;
}

interface ShardState {
  /** Last sequence number handled. */
  sequence?: string;
  closed?: boolean;
}

interface Checkpoint {
  streamArn?: string;
  shards: Record<string, ShardState>;
  /** Per processor and shard, the last sequence number it must not receive (`skipToEnd`). */
  skipThrough?: Record<string, Record<string, string>>;
}

interface Shard {
  ShardId: string;
  ParentShardId?: string;
}

const RETRY_DELAY_MS = 200;

/** Whether sequence number `a` comes after `b` (decimal strings of any length). */
const isAfter = (a: string, b: string): boolean => a.length > b.length || (a.length === b.length && a > b);

export class LocalStreamPoller {
  private checkpoint: Checkpoint = { shards: {} };
  private readonly iterators = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(private readonly options: StreamPollerOptions) {
    const file = options.checkpointFile;
    if (file && existsSync(file)) {
      try {
        this.checkpoint = JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
      } catch {
        this.checkpoint = { shards: {} };
      }
    }
  }

  /** Polls every `intervalMs` until stopped. */
  start(): void {
    this.stopped = false;
    const loop = async () => {
      try {
        await this.pollOnce();
      } catch (error) {
        this.options.log?.(`⚠ fluxo do DynamoDB: ${(error as Error).message}`);
      }
      if (!this.stopped) this.timer = setTimeout(() => void loop(), this.options.intervalMs ?? 500);
    };
    void loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /**
   * Reads every shard up to its newest record and delivers what it read; answers how many
   * records some processor accepted. Concurrent calls share one pass.
   */
  pollOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Polls until a pass finds nothing new for the processors (tests, benchmarks). */
  async drain(): Promise<void> {
    while ((await this.pollOnce()) > 0);
  }

  /**
   * The named processors will not receive what the stream holds now, only what comes after
   * (the other processors still get everything): for data whose derived items were written in
   * bulk, such as the local seed, instead of replaying it record by record. Walks each shard
   * from the current position to its end; kept in the checkpoint, so a restart skips it too. A
   * shard with no position yet is walked from `startAt` (with LATEST there is nothing to skip).
   */
  async skipToEnd(processorNames: readonly string[]): Promise<void> {
    const streamArn = await this.streamArn();
    if (!streamArn) return;
    const skip = (this.checkpoint.skipThrough ??= {});
    for (const shard of await this.shards(streamArn)) {
      const state = this.checkpoint.shards[shard.ShardId] ?? {};
      if (state.closed) continue;
      let last = state.sequence;
      let iterator = await this.shardIterator(streamArn, shard.ShardId, last);
      while (iterator) {
        const page = (await this.call('DynamoDBStreams_20120810.GetRecords', {
          ShardIterator: iterator,
          Limit: 1000,
        })) as {
          Records?: DynamoDBRecord[];
          NextShardIterator?: string;
        };
        const records = page.Records ?? [];
        if (records.length === 0) break;
        last = records.at(-1)!.dynamodb!.SequenceNumber;
        iterator = page.NextShardIterator;
      }
      if (!last) continue;
      for (const name of processorNames) (skip[name] ??= {})[shard.ShardId] = last;
    }
    this.save();
  }

  private async streamArn(): Promise<string | undefined> {
    const table = (await this.call('DynamoDB_20120810.DescribeTable', {
      TableName: this.options.tableName,
    })) as {
      Table?: { LatestStreamArn?: string };
    };
    const streamArn = table.Table?.LatestStreamArn;
    if (streamArn && this.checkpoint.streamArn !== streamArn) {
      this.checkpoint = { streamArn, shards: {} };
      this.iterators.clear();
    }
    return streamArn;
  }

  private async pass(): Promise<number> {
    const streamArn = await this.streamArn();
    if (!streamArn) return 0;
    const shards = await this.shards(streamArn);
    const known = new Set(shards.map((s) => s.ShardId));
    let delivered = 0;
    for (const shard of shards) {
      const state = (this.checkpoint.shards[shard.ShardId] ??= {});
      if (state.closed) continue;
      // A child waits for its parent, so the changes of one item stay in order.
      const parent = shard.ParentShardId;
      if (parent && known.has(parent) && !this.checkpoint.shards[parent]?.closed) continue;
      delivered += await this.readShard(streamArn, shard.ShardId, state);
    }
    this.save();
    return delivered;
  }

  private async shards(streamArn: string): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const page = (await this.call('DynamoDBStreams_20120810.DescribeStream', {
        StreamArn: streamArn,
        ...(start ? { ExclusiveStartShardId: start } : {}),
      })) as { StreamDescription: { Shards?: Shard[]; LastEvaluatedShardId?: string } };
      shards.push(...(page.StreamDescription.Shards ?? []));
      start = page.StreamDescription.LastEvaluatedShardId;
    } while (start);
    return shards;
  }

  private async iterator(streamArn: string, shardId: string, state: ShardState): Promise<string | undefined> {
    return this.iterators.get(shardId) ?? this.shardIterator(streamArn, shardId, state.sequence);
  }

  /** A new iterator after `sequence`, or at the configured start of a shard never read. */
  private async shardIterator(
    streamArn: string,
    shardId: string,
    sequence: string | undefined,
  ): Promise<string | undefined> {
    const answer = (await this.call('DynamoDBStreams_20120810.GetShardIterator', {
      StreamArn: streamArn,
      ShardId: shardId,
      ...(sequence
        ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: sequence }
        : { ShardIteratorType: this.options.startAt ?? 'TRIM_HORIZON' }),
    })) as { ShardIterator?: string };
    return answer.ShardIterator;
  }

  private async readShard(streamArn: string, shardId: string, state: ShardState): Promise<number> {
    let delivered = 0;
    let iterator = await this.iterator(streamArn, shardId, state);
    while (iterator) {
      let page: { Records?: DynamoDBRecord[]; NextShardIterator?: string };
      try {
        page = (await this.call('DynamoDBStreams_20120810.GetRecords', {
          ShardIterator: iterator,
          Limit: 1000,
        })) as typeof page;
      } catch (error) {
        // An expired iterator is asked again from the checkpoint on the next pass.
        this.iterators.delete(shardId);
        throw error;
      }
      const records = page.Records ?? [];
      if (records.length > 0) {
        delivered += await this.deliver(records, shardId);
        state.sequence = records.at(-1)!.dynamodb!.SequenceNumber;
      }
      iterator = page.NextShardIterator;
      if (!iterator) {
        state.closed = true;
        this.iterators.delete(shardId);
        break;
      }
      this.iterators.set(shardId, iterator);
      if (records.length === 0) break;
    }
    return delivered;
  }

  /** Hands each processor its records in batches; answers how many were accepted in all. */
  private async deliver(records: DynamoDBRecord[], shardId: string): Promise<number> {
    let accepted = 0;
    for (const processor of this.options.processors) {
      const through = this.checkpoint.skipThrough?.[processor.name]?.[shardId];
      const wanted = records.filter(
        (r) =>
          processor.accepts(r) &&
          !(through !== undefined && !isAfter(r.dynamodb?.SequenceNumber ?? '', through)),
      );
      accepted += wanted.length;
      for (let i = 0; i < wanted.length; i += processor.batchSize) {
        await this.invoke(processor, wanted.slice(i, i + processor.batchSize));
      }
    }
    return accepted;
  }

  /** One batch, retried from the first failed record; skipped after `maxAttempts`. */
  private async invoke(processor: LocalStreamProcessor, batch: DynamoDBRecord[]): Promise<void> {
    let pending = batch;
    for (let attempt = 1; pending.length > 0; attempt++) {
      let failedFrom: number;
      try {
        const answer = await processor.handler({ Records: pending });
        const failures = answer?.batchItemFailures ?? [];
        if (failures.length === 0) return;
        const ids = new Set(failures.map((f) => f.itemIdentifier));
        failedFrom = pending.findIndex((r) => ids.has(r.dynamodb?.SequenceNumber ?? ''));
        if (failedFrom < 0) failedFrom = 0;
      } catch {
        failedFrom = 0;
      }
      pending = pending.slice(failedFrom);
      if (attempt >= processor.maxAttempts) {
        this.deadLetter(processor.name, pending);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
    }
  }

  private deadLetter(processor: string, records: DynamoDBRecord[]): void {
    this.options.log?.(
      `⚠ ${records.length} registro(s) do fluxo descartado(s) por ${processor} após as tentativas`,
    );
    const file = this.options.deadLetterFile;
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), processor, records })}\n`);
    } catch {
      // The log line above already reported it.
    }
  }

  private save(): void {
    const file = this.options.checkpointFile;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(this.checkpoint));
  }

  /**
   * One JSON call to DynamoDB Local. Local credentials are not checked there, so the request
   * carries a well-formed but unsigned authorization header.
   */
  private async call(target: string, body: unknown): Promise<unknown> {
    const response = await fetch(this.options.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': target,
        authorization:
          'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${target.split('.')[1]}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  }
}

/** Default files of the local runtime's stream position and skipped batches. */
export const localStreamFiles = (dataDir: string) => ({
  checkpointFile: join(dataDir, 'streams.json'),
  deadLetterFile: join(dataDir, 'dlq', 'streams.jsonl'),
});
