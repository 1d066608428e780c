import { Entity } from 'electrodb';
import { documentClient, tableName } from '../client';
import { key } from '../indexes';

/**
 * Atomic per-tenant counters: id sequences (`seq:customer`) and totals
 * (`total:customer`). Totals shown in lists come from here, never from a count scan.
 */
export const CounterEntity = new Entity(
  {
    model: { entity: 'counter', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true, readOnly: true },
      value: { type: 'number', required: true, default: 0 },
      /**
       * Writes that moved the value, for totals a recount may set (the customers' reach counters):
       * the recount sets its result only if no write moved the total meanwhile.
       */
      moves: { type: 'number' },
    },
    indexes: {
      byName: key('primary', ['tenant'], ['name']),
    },
  },
  { client: documentClient, table: tableName() },
);
