import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';
import { wordIndexEntity } from '../lib/ddb/word-index';

/**
 * Leads (spec part 1 §3 'Lead'). A tenant has tens to a few thousand leads; the list still reads
 * one page of the id index with the `total:lead` counter, and `q` is answered by the description
 * word index (`LeadWordEntity`), so nothing reads the whole collection on a request path except
 * `/web/leads/valid` (the picker's short list, one Query of the tenant's leads).
 * Members of a lead are the population engine's (population.entities.ts).
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;
const yesNo = { type: ['Y', 'N'] as const, required: true } as const;

export const LeadEntity = new Entity(
  {
    model: { entity: 'lead', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      description: { type: 'string', required: true },
      origin: { type: ['F', 'M', 'S', 'E'] as const, required: true },
      /** Condition rows (`LeadConditions` output) of a segmentation lead; [] otherwise. */
      filter: { type: 'any', required: true, default: () => [] },
      status: { type: ['P', 'R', 'D'] as const, required: true },
      always_valid: yesNo,
      /** 'YYYY-MM-DD' when not always valid. */
      valid_until: { type: 'string' },
      auto_refresh: yesNo,
      /** 5-field cron (America/Sao_Paulo) when auto refresh is on. */
      frequency_refresh: { type: 'string' },
      population: { type: 'number', required: true, default: 0 },
      /** Bumped by every edit: a recompute started for an older version is dropped. */
      version: { type: 'number', required: true, default: 1 },
      createdAt: { type: 'string', required: true, readOnly: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
      /** The segmentation leads (origin S) the engine re-evaluates a changed customer against. */
      byOrigin: key('gsi1', ['tenant', 'origin'], ['id']),
    },
  },
  { client: documentClient, table: tableName() },
);

/** Word index of lead descriptions: one item per (lead, word), written with the lead. */
export const LeadWordEntity = wordIndexEntity('leadWord');

/** Transactions over a lead, its words and the `total:lead` counter. */
export const leadsService = new Service({
  lead: LeadEntity,
  leadWord: LeadWordEntity,
  counter: CounterEntity,
});

export type LeadItem = EntityItem<typeof LeadEntity>;
