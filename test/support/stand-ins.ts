/**
 * The third-party lookup stand-ins (infra/local/stand-ins.ts, shared with `npm start -- --offline`)
 * and `useStandIns()`, which points this process's CEP and geocoding ports at them.
 */
import { startStandIns, type StandIns } from '../../infra/local/stand-ins';

export * from '../../infra/local/stand-ins';

/** Starts the stand-ins and points CEP_BASE_URL / GEOCODE_BASE_URL at them (restored on close). */
export async function useStandIns(): Promise<StandIns> {
  const standIns = await startStandIns();
  const previous = { cep: process.env.CEP_BASE_URL, geo: process.env.GEOCODE_BASE_URL };
  process.env.CEP_BASE_URL = standIns.cepBaseUrl;
  process.env.GEOCODE_BASE_URL = standIns.geocodeBaseUrl;
  return {
    ...standIns,
    async close() {
      restore('CEP_BASE_URL', previous.cep);
      restore('GEOCODE_BASE_URL', previous.geo);
      await standIns.close();
    },
  };
}

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
