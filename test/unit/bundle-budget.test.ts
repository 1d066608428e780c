/**
 * The weight budget of every Lambda entry (docs: ARCHITECTURE.md §8, README "Tests"): each
 * function the app stack deploys — domains, the short-link redirect, stream processors AND queue
 * consumers — is built with the deployed esbuild options (functions/scripts/bundle.ts, one build,
 * in memory) and must stay within 450 KB minified, unless it is a named exception with its reason
 * and its own ceiling. The heavy libraries live only where they are called: the xlsx writer in the
 * exports function, the HTML sanitiser where user HTML is saved, no PDF library yet.
 *
 * A single-file Lambda bundle inlines `await import()`: weight leaves a function only when its
 * import chain does. To see what a bundle carries: `npm run build -w functions`, then
 * functions/dist/<name>/meta.json in https://esbuild.github.io/analyze/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleLambdas, lambdaEntries, type BundleResult } from '../../functions/scripts/bundle';
import { domainForPath } from '../../functions/src/domains';
import { queues } from '../../functions/src/queues';
import { streamProcessors } from '../../functions/src/streams';

const KB = 1024;
/** The budget of every entry: 450 KB of minified index.mjs (460,800 bytes). */
const BUDGET = 450 * KB;
/** The short-link redirect's own budget (issue 25): a hot public path. */
const REDIRECT_BUDGET = 150 * KB;

interface Exception {
  /** The most index.mjs may weigh, in bytes. */
  readonly ceiling: number;
  readonly reason: string;
}

/** Entries allowed above the budget for good, each with why and its own ceiling (measured + a little). */
const EXCEPTIONS: Readonly<Record<string, Exception>> = {
  platform: {
    ceiling: 494 * KB,
    reason:
      'answers GET /api/web/cities and /api/web/banks from the IBGE municipalities (99 KB) and COMPE banks (45 KB) ' +
      'tables it carries, packed as strings and decoded on first use',
  },
  settings: {
    ceiling: 615 * KB,
    reason:
      'saves label layouts (user HTML) through sanitize-html (≈ 185 KB with postcss and htmlparser2) ' +
      'and staff passwords through Argon2id (hash-wasm, 28 KB)',
  },
  communications: {
    // 641 KB after issue 20's unsubscribe links, approval lapses and archive-on-delete joined the saves,
    // and the push test send (it reads the chosen customer through the customers service).
    ceiling: 648 * KB,
    reason:
      "saves the e-mail editor's HTML through sanitize-html (≈ 190 KB with postcss, htmlparser2 and dayjs); " +
      'WhatsApp is one more channel of its pipeline (626 KB in all)',
  },
  campaigns: {
    // 720 KB since the TV, lucky-number, points and ticket saves joined (issue 21): they share the
    // spec's save paths. Next step to slim it: the campaign-save dispatch calling each kind's save
    // through its own light function rather than carrying every kind's service here.
    // 735 KB after issue 20's 'Duplicar', the lead-use index and archive-on-delete joined, and the labels
    // of category and brand campaigns (the catalogue's category/brand index).
    ceiling: 744 * KB,
    reason:
      'saves e-mail campaigns (the discount and communication campaigns share their paths, spec part 3 §3) through ' +
      'sanitize-html (≈ 190 KB); without it ≈ 490 KB: the discount back office (promotion engine, product checks), ' +
      "communication saves with their cost estimate, a campaign's analytics and the lead made from them, label printing; " +
      'and the saves of TV, lucky-number, points and ticket campaigns (the same paths, spec part 2 §7)',
  },
  sales: {
    ceiling: 490 * KB,
    reason:
      'prices sales drafts through the checkout service (the promotion engine and its budget holds: the ' +
      "checkout function's 415 KB) and records invoiced sales as purchases through POS ingestion (476 KB in all: " +
      'the carts, their list scopes, sellers, payment methods, coverage setting and the basket contract)',
  },
  segmentation: {
    ceiling: 462 * KB,
    reason:
      'the lead API with what issue 20 added: each refused condition named by the shared catalogue, the members ' +
      "of 'Detalhes' searched through the customer search, the campaigns' lead-use index on delete, tag renames " +
      'carried into the leads (≈ 454 KB; next step: the preview and geographic count in their own function)',
  },
  'segmentation-profiles': {
    ceiling: 500 * KB,
    reason:
      "fills the IBGE city code of profiles from the record's city name and state (issue 20: 'Cidade' found " +
      'nobody among records without it) with the municipalities table (99 KB), kept out of the evaluator that ' +
      "the checkout's bundle also carries",
  },
  'segmentation-consumer': {
    // 502 KB since it also runs the data migrations (runner, ledger, the customers' backfills).
    ceiling: 508 * KB,
    reason:
      'runs the data migrations of the segmentation queue beside the recomputes (functions/src/migrations.ts): ' +
      'the municipalities table (99 KB) to fill the IBGE city code of customer records and profiles written without it',
  },
  nps: {
    ceiling: 600 * KB,
    reason:
      "saves the NPS survey's e-mail and landing page (editor HTML) through sanitize-html (≈ 185 KB); the public " +
      'survey calls are the light `survey` function, which reads the HTML already sanitised',
  },
};

/**
 * Exceptions that other parts of issue 19 remove: delete each line when its work has landed (the
 * test says so, since the entry will then be within budget). Kept apart so the list can be emptied.
 */
const UNTIL_OTHER_WORK: Readonly<Record<string, Exception>> = {};

/** Entries other work of issue 19 adds: an exception may name them before they exist. */
const ARRIVING = ['exports-consumer'];

interface Library {
  /** An input path (repository-relative, from esbuild's metafile) belonging to the library. */
  readonly match: RegExp;
  /** The entries that may contain it. */
  readonly allowed: readonly string[];
  /** Entries that still contain it until other work lands (empty this with UNTIL_OTHER_WORK). */
  readonly untilOtherWork: readonly string[];
}

const LIBRARIES: Readonly<Record<string, Library>> = {
  xlsx: {
    match: /(^|\/)(node_modules\/(@e965\/xlsx|fflate)\/|functions\/src\/lib\/files\/xlsx)/,
    allowed: ['exports-consumer'],
    untilOtherWork: [],
  },
  'sanitize-html': {
    match: /(^|\/)node_modules\/sanitize-html\//,
    // Where user HTML is saved: e-mail campaigns (campaigns today, communications) and label layouts.
    // NPS settings sanitise the survey's e-mail and landing page when saved (the public `survey` function does not).
    allowed: ['campaigns', 'communications', 'settings', 'nps'],
    untilOtherWork: [],
  },
  pdf: {
    match: /(^|\/)node_modules\/(jspdf|pdfkit|pdf-lib|pdfmake)\//,
    allowed: [],
    untilOtherWork: [],
  },
};

/** What the point of sale's checkout must never carry: the back office of campaigns. */
const NOT_IN_CHECKOUT = [
  'functions/src/campaigns/campaigns.service.ts',
  'functions/src/campaigns/campaigns.routes.ts',
  'functions/src/campaigns/communication-campaigns.service.ts',
  'functions/src/campaigns/labels-print.service.ts',
  'shared/src/schemas/campaign.ts',
];

const kb = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes (${(bytes / KB).toFixed(1)} KB)`;
const contains = (bundle: BundleResult, match: RegExp) =>
  Object.keys(bundle.inputs).some((path) => match.test(path));

/** Budget problems of a set of bundles against the exception lists (pure, so its rules are tested too). */
export function overBudget(
  bundles: readonly Pick<BundleResult, 'name' | 'bytes'>[],
  exceptions: Readonly<Record<string, Exception>>,
): string[] {
  return bundles.flatMap(({ name, bytes }) => {
    const exception = exceptions[name];
    if (!exception && bytes > BUDGET) return [`${name}: ${kb(bytes)} > ${kb(BUDGET)} and no named exception`];
    if (exception && bytes > exception.ceiling)
      return [`${name}: ${kb(bytes)} > its ceiling ${kb(exception.ceiling)} (${exception.reason})`];
    return [];
  });
}

/** Exceptions that no longer serve: their entry is within budget, or does not exist (and is not arriving). */
export function staleExceptions(
  bundles: readonly Pick<BundleResult, 'name' | 'bytes'>[],
  exceptions: Readonly<Record<string, Exception>>,
): string[] {
  return Object.keys(exceptions).flatMap((name) => {
    const bundle = bundles.find((b) => b.name === name);
    if (!bundle)
      return ARRIVING.includes(name) ? [] : [`${name}: no such Lambda entry; remove its exception`];
    return bundle.bytes <= BUDGET
      ? [`${name}: ${kb(bundle.bytes)} is within budget; remove its exception`]
      : [];
  });
}

let bundles: BundleResult[];

beforeAll(async () => {
  bundles = await bundleLambdas({ write: false });
}, 180_000);

describe('Lambda bundle budget', () => {
  it('builds every entry the app stack deploys: domains, streams and queue consumers', () => {
    const names = bundles.map((b) => b.name);
    expect(names).toEqual(lambdaEntries().map((e) => e.name));
    for (const processor of streamProcessors) expect(names).toContain(processor.name);
    for (const queue of queues.filter((q) => q.consumer)) expect(names).toContain(`${queue.name}-consumer`);
    // Every entry holds its code (a light one too: the redirect ≈ 10 KB, the cms-files stream ≈ 35 KB).
    expect(bundles.every((b) => b.bytes > 5 * KB)).toBe(true);
  });

  it('serves /link/{slug} from its own function within 150 KB, without the API chain or ElectroDB', () => {
    const redirect = bundles.find((b) => b.name === 'shortlinks-redirect');
    expect(redirect).toBeDefined();
    expect(redirect!.bytes).toBeLessThanOrEqual(REDIRECT_BUDGET);
    const inputs = Object.keys(redirect!.inputs);
    expect(inputs).toContain('functions/src/shortlinks/redirect.ts');
    expect(inputs.some((path) => path.includes('node_modules/isbot/'))).toBe(true);
    expect(
      inputs.filter((path) =>
        /node_modules\/(electrodb|zod|@middy)\/|functions\/src\/lib\/http\/handler/.test(path),
      ),
    ).toEqual([]);
  });

  it('keeps every entry within 450 KB, or within the ceiling of its named exception', () => {
    expect(overBudget(bundles, { ...EXCEPTIONS, ...UNTIL_OTHER_WORK })).toEqual([]);
  });

  it('names no exception that is no longer needed', () => {
    expect(staleExceptions(bundles, { ...EXCEPTIONS, ...UNTIL_OTHER_WORK })).toEqual([]);
  });

  it.each(Object.entries(LIBRARIES))('bundles %s only in the entries allowed to carry it', (_, library) => {
    const found = bundles.filter((b) => contains(b, library.match)).map((b) => b.name);
    const allowed = [...library.allowed, ...library.untilOtherWork];
    expect(found.filter((name) => !allowed.includes(name))).toEqual([]);
  });

  it('serves the checkout from its own light function, without the back office of campaigns', () => {
    expect(domainForPath('/api/checkout/subtotal')?.name).toBe('checkout');
    expect(domainForPath('/api/checkout/discounts/payments')?.name).toBe('checkout');
    const checkout = bundles.find((b) => b.name === 'checkout');
    expect(checkout).toBeDefined();
    expect(checkout!.bytes).toBeLessThanOrEqual(EXCEPTIONS.checkout?.ceiling ?? BUDGET);
    expect(UNTIL_OTHER_WORK.checkout).toBeUndefined();
    expect(NOT_IN_CHECKOUT.filter((path) => path in checkout!.inputs)).toEqual([]);
    for (const library of Object.values(LIBRARIES)) expect(contains(checkout!, library.match)).toBe(false);
    // It does run the promotion engine and the campaigns domain's checkout service.
    expect(Object.keys(checkout!.inputs)).toEqual(
      expect.arrayContaining([
        'shared/src/promotions/engine.ts',
        'functions/src/campaigns/checkout.service.ts',
      ]),
    );
  });

  it('reports a bundle over budget, over its ceiling, and an exception left behind (the rules are not vacuous)', () => {
    const fake = [
      { name: 'light', bytes: BUDGET },
      { name: 'heavy', bytes: BUDGET + 1 },
      { name: 'excepted', bytes: 600 * KB },
      { name: 'past-ceiling', bytes: 700 * KB + 1 },
    ];
    const exceptions = {
      excepted: { ceiling: 650 * KB, reason: 'r' },
      'past-ceiling': { ceiling: 700 * KB, reason: 'r' },
      light: { ceiling: 500 * KB, reason: 'r' },
      gone: { ceiling: 500 * KB, reason: 'r' },
      'exports-consumer': { ceiling: 500 * KB, reason: 'r' },
    };
    expect(overBudget(fake, exceptions)).toEqual([
      'heavy: 460,801 bytes (450.0 KB) > 460,800 bytes (450.0 KB) and no named exception',
      'past-ceiling: 716,801 bytes (700.0 KB) > its ceiling 716,800 bytes (700.0 KB) (r)',
    ]);
    expect(staleExceptions(fake, exceptions)).toEqual([
      'light: 460,800 bytes (450.0 KB) is within budget; remove its exception',
      'gone: no such Lambda entry; remove its exception',
    ]);
    const withXlsx = {
      name: 'x',
      bytes: 1,
      inputs: { 'node_modules/@e965/xlsx/xlsx.mjs': 10 },
    } as unknown as BundleResult;
    expect(contains(withXlsx, LIBRARIES.xlsx!.match)).toBe(true);
    expect(contains(withXlsx, LIBRARIES['sanitize-html']!.match)).toBe(false);
  });
});
