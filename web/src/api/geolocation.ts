import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { geocodeAddress, type GeocodeQuery } from './address';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * The geographic screen's calls (spec part 1 §2 '/geolocation', §7): the customers inside a drawn
 * polygon (counted by the server through its spatial index), the manual lead created from them,
 * and the location search through the app's geocoding proxy. Stores come from `useStorePoints`.
 */

/** POST /web/geolocation/count `polygon`: [latitude, longitude] vertices, not closed. */
export type PolygonPayload = [number, number][];

const PolygonCount = z.object({
  population: z.number(),
  customers: z.array(z.coerce.number()).default([]),
});
export type PolygonCount = z.output<typeof PolygonCount>;

/** POST /web/geolocation/count {polygon} → the population and the ids of the customers inside. */
export async function countInPolygon(polygon: PolygonPayload, signal?: AbortSignal): Promise<PolygonCount> {
  return parseAnswer(PolygonCount, await api.post('/web/geolocation/count', { polygon }, { signal }));
}

/** POST /web/lead/new/list {description, customers:[{id_customer}]} → the new lead's id. */
export async function createListLead(body: { description: string; customers: number[] }): Promise<number> {
  const answer = await api.post('/web/lead/new/list', {
    description: body.description,
    customers: body.customers.map((id) => ({ id_customer: id })),
  });
  return parseAnswer(z.object({ id: z.coerce.number() }).loose(), answer).id;
}

/** The customers inside `polygon` (nothing is asked without a polygon). */
export const usePolygonCount = (polygon: PolygonPayload | undefined) =>
  useQuery({
    queryKey: tenantKey('geolocation', 'count', polygon),
    queryFn: ({ signal }) => countInPolygon(polygon!, signal),
    enabled: polygon !== undefined,
    // Customers move in and out between two drawings of the same area: always ask again.
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });

/** Creates the geographic lead; the lead lists are refreshed. */
export function useCreateListLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createListLead,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey('leads') }),
  });
}

/** The coordinates of a searched location, undefined when nothing was found. */
export async function findLocation(
  query: GeocodeQuery,
): Promise<{ lat: number; lon: number; display_name?: string } | undefined> {
  return geocodeAddress(query);
}
