import * as z from 'zod';
import { pageQuery } from '../lib/ddb/pagination';

/** Request schemas shared by the roles and users routes. */

export const idSchema = z.coerce
  .number({ error: 'Informe o id.' })
  .int('Id inválido.')
  .positive('Id inválido.');

/** `q` (accents and case ignored), `page`, `per_page` (default 50, up to 1000 so a picker can take them all). */
export const listQuery = pageQuery(50, 1000).extend({
  q: z.string().trim().max(100, 'Busca muito longa.').optional(),
});
export type ListQuery = z.output<typeof listQuery>;
