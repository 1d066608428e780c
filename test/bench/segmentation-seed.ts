/**
 * Shared seed of the segmentation benchmarks (not a benchmark itself): a tenant with `count`
 * customer profiles written with batch writes, deterministic, varied like a retailer's base
 * (gender, age, city, tags, channels, 0–8 purchases over the last two years with products,
 * categories, brands, stores and origins, a map point around São Paulo for most of them).
 * Import it only after `startLocalTable` (the modules read the environment at load time).
 */
export const TAGS = ['Vinhos', 'Queijos', 'Churrasco', 'Bebê', 'Pet', 'Orgânicos', 'Padaria', 'VIP'];
export const CHANNELS = ['Plataforma', 'Landing Page', 'PDV', 'App'];
export const ORIGINS = ['PDV', 'App', 'E-commerce'];

/** São Paulo's box: latitude -23.75..-23.35, longitude -46.85..-46.35. */
export const SP = { south: -23.75, north: -23.35, west: -46.85, east: -46.35 };

/** A small deterministic generator (mulberry32), so every run seeds the same base. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedProfiles(
  tenant: string,
  count: number,
  now = new Date(),
): Promise<{ seconds: number; points: { id: number; latitude: number; longitude: number }[] }> {
  const { emptyProfile, withPurchase } = await import('@freguesia/functions/segmentation/profile.model');
  const { populationRepository } = await import('@freguesia/functions/segmentation/population.repository');
  const { isValidPoint, pointHash } = await import('@freguesia/functions/segmentation/geo.model');
  const repo = populationRepository(tenant);
  const rnd = random(20261124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const started = performance.now();
  const points: { id: number; latitude: number; longitude: number }[] = [];
  const day = 24 * 3600 * 1000;
  for (let start = 1; start <= count; start += 5000) {
    const batch = [];
    for (let id = start; id < Math.min(count + 1, start + 5000); id++) {
      const year = 1950 + Math.floor(rnd() * 55);
      const hasPoint = rnd() < 0.9;
      const latitude = SP.south + rnd() * (SP.north - SP.south);
      const longitude = SP.west + rnd() * (SP.east - SP.west);
      let profile = emptyProfile({
        id,
        birthDate: `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
        gender: pick(['M', 'F', 'F', 'O']),
        marital: pick(['S', 'C', 'V', 'D']),
        cityId: pick([3550308, 3550308, 3518800, 3547809]),
        city: 'SÃO PAULO',
        state: 'SP',
        channel: pick(CHANNELS),
        favoriteStore: 1 + Math.floor(rnd() * 5),
        hasEmail: rnd() < 0.8,
        hasCellphone: rnd() < 0.9,
        terms: rnd() < 0.7,
        optouts: { email: rnd() < 0.1, sms: rnd() < 0.1, whatsapp: rnd() < 0.1, app: false },
        registeredAt: new Date(now.getTime() - Math.floor(rnd() * 900) * day).toISOString(),
        tags: TAGS.filter(() => rnd() < 0.2),
        ...(hasPoint ? { latitude, longitude } : {}),
      });
      const purchases = Math.floor(rnd() * 9);
      for (let p = 0; p < purchases; p++) {
        const products = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => 1 + Math.floor(rnd() * 500));
        profile = withPurchase(profile, {
          id: id * 10 + p,
          at: new Date(now.getTime() - Math.floor(rnd() * 730 * day)).toISOString(),
          store: 1 + Math.floor(rnd() * 5),
          origin: pick(ORIGINS),
          totalCentavos: 500 + Math.floor(rnd() * 40_000),
          products,
          categories: [...new Set(products.map((x) => 1 + (x % 20)))],
          brands: [...new Set(products.map((x) => 1 + (x % 30)))],
          partners: [...new Set(products.map((x) => 1 + (x % 10)))],
        });
      }
      if (hasPoint && isValidPoint(latitude, longitude)) points.push({ id, latitude, longitude });
      batch.push({
        profile,
        ...(hasPoint ? { geo: { hash: pointHash(latitude, longitude), latitude, longitude } } : {}),
      });
    }
    await repo.putProfiles(batch);
  }
  return { seconds: (performance.now() - started) / 1000, points };
}

/** Five conditions of different kinds (≈ 10–20 % of the base). */
export const FIVE_CONDITIONS = [
  { key: 'GE', option: 'in', value: ['F'] },
  { key: 'FE', option: '>=', value: 25 },
  { key: 'QA', option: 'email' },
  { key: 'QA', option: 'purchases', value: 2 },
  { key: 'CN', option: 'in', value: ['Plataforma', 'App', 'PDV'] },
];
