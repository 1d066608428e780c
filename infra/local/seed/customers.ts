import { cnpjFromBase, cpfFromBase } from '@freguesia/shared/domain/document';
import { normalizeText } from '@freguesia/shared/domain/text';
import { hashPassword } from '@freguesia/functions/lib/auth/password';
import { CounterEntity } from '@freguesia/functions/lib/ddb/entities/counter';
import { UniqueEntity } from '@freguesia/functions/lib/ddb/entities/unique';
import {
  BasketEntity,
  BasketOriginEntity,
  CustomerEntity,
  CustomerEventEntity,
  CustomerGeoEntity,
  CustomerPhoneEntity,
  CustomerWordEntity,
  UNIQUE_SCOPES,
  type BasketItem,
  type CustomerItem,
} from '@freguesia/functions/customers/entities';
import {
  customerFactsOf,
  customerRecordFactsOf,
  purchaseFactsOf,
  purchaseRecordFactsOf,
  type CustomersChange,
} from '@freguesia/functions/customers/changes.service';
import { phoneEntries, reachChannels } from '@freguesia/functions/customers/customers.model';
import { searchEntries } from '@freguesia/functions/customers/customer-words.model';
import { localDateTime } from '@freguesia/shared/domain/dates';
import { settingsRepository } from '@freguesia/functions/settings/settings.repository';
import { batchWrite } from './batch-write';
import type { SeededPayment, SeededProduct, SeededStore } from './catalog';
import type { Rng } from './random';
import type { Seeder } from './types';

/**
 * Customers and their purchases. Deterministic (the context's rng and clock only). Demo:
 * 2,050 customers with valid CPFs (a few companies with CNPJs) living around the stores,
 * 10,200 purchases over the last 12 months, 70 % identified, customer aggregates computed
 * from those purchases. Verde: 30 customers, 100 purchases. Written with BatchWriteItem,
 * several requests in flight (`batchWrite`). Portal customers (Landing Page, App) sign in with the
 * local password 'freguesia'.
 */

const FEMALE =
  'Ana Maria Juliana Fernanda Patrícia Aline Camila Bruna Amanda Letícia Beatriz Larissa Gabriela Mariana Vanessa Luciana Renata Cláudia Sandra Simone Débora Priscila Raquel Adriana Tatiane Jéssica Natália Carolina Isabela Lúcia Helena Márcia Rosângela Sônia Vera Eliane Daniela Luana Yasmin Sofia Alice Valentina Laura Manuela Giovana Lívia Cecília Heloísa Clara Antônia'.split(
    ' ',
  );
const MALE =
  'José João Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael Daniel Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Manoel Mateus André Fernando Fábio Leonardo Gustavo Guilherme Leandro Tiago Anderson Ricardo Márcio Jorge Sebastião Alexandre Roberto Edson Diego Vitor Sérgio Cláudio Matheus Thiago Geraldo Adriano Luciano Júlio Renato Davi Heitor Arthur Bernardo Enzo Miguel Samuel'.split(
    ' ',
  );
const SURNAMES =
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cavalcanti Monteiro Moura Batista Campos Fonseca Azevedo Castro Rezende Sampaio Brandão Figueiredo Peixoto Duarte Tavares Conceição Assunção Magalhães Coelho Guimarães Xavier Prado'.split(
    ' ',
  );
const STREETS =
  'Rua das Flores|Rua São Jorge|Avenida Brasil|Rua XV de Novembro|Rua Sete de Setembro|Rua Dom Pedro II|Avenida Getúlio Vargas|Rua Tiradentes|Rua da Paz|Rua Santa Catarina|Rua Bahia|Rua Minas Gerais|Avenida Rio Branco|Rua José Bonifácio|Rua Marechal Deodoro|Rua Duque de Caxias|Rua Barão do Rio Branco|Rua Castro Alves|Avenida Independência|Rua das Palmeiras|Rua dos Ipês|Rua Rui Barbosa|Rua Santos Dumont|Rua Padre Anchieta|Travessa do Comércio'.split(
    '|',
  );
const NEIGHBORHOODS =
  'Centro|Jardim América|Vila Nova|Boa Vista|Santa Cecília|São José|Jardim das Flores|Vila Maria|Santo Antônio|Bela Vista|Cidade Nova|Jardim Paulista|Parque das Árvores|Vila Esperança|Alto da Boa Vista'.split(
    '|',
  );
const TAGS = [
  'Vinhos',
  'Cervejas artesanais',
  'Queijos',
  'Hortifruti',
  'Padaria',
  'Pet',
  'Bebês',
  'Fitness',
  'Churrasco',
  'Orgânicos',
  'Sem glúten',
  'Café',
];
const COMPANIES =
  'Restaurante Sabor Caseiro|Lanchonete Ponto Certo|Padaria Pão Dourado|Bar do Zé|Mercadinho Esquina|Cantina Bella Nonna|Buffet Festa Boa|Hotel Recanto|Pizzaria Forno a Lenha|Cafeteria Grão Nobre'.split(
    '|',
  );
const DDD: Record<string, string> = { SP: '11', RJ: '21', MG: '31', PR: '41', RS: '51', BA: '71' };
const CHANNELS: [string, number][] = [
  ['Plataforma', 0.35],
  ['PDV', 0.3],
  ['Landing Page', 0.25],
  ['App', 0.1],
];
const ORIGINS: [string, number][] = [
  ['PDV', 0.85],
  ['E-commerce', 0.1],
  ['App', 0.05],
];

const DEFAULT_STORE: SeededStore = {
  id: 0,
  reference_code: '0',
  name: 'Sem loja',
  city: 'São Paulo',
  state: 'SP',
  latitude: -23.5505,
  longitude: -46.6333,
};

function weighted<T>(rng: Rng, options: [T, number][]): T {
  let x = rng.next();
  for (const [value, weight] of options) if ((x -= weight) < 0) return value;
  return options.at(-1)![0];
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const daysAgo = (now: Date, days: number, rng: Rng) =>
  new Date(now.getTime() - days * 86_400_000 - rng.int(0, 86_399) * 1000);

export const customersSeeder: Seeder = {
  name: 'clientes',
  async run(ctx) {
    const { tenant, rng, now } = ctx;
    const full = ctx.size === 'full';
    const customerCount = full ? 2050 : 30;
    const basketCount = full ? 10_200 : 100;
    const stores = (ctx.shared.get('stores') as SeededStore[] | undefined) ?? [];
    const products = (ctx.shared.get('products') as SeededProduct[] | undefined) ?? [];
    const payments = (ctx.shared.get('payments') as SeededPayment[] | undefined) ?? [];
    const homes = stores.length > 0 ? stores : [DEFAULT_STORE];
    const portalPassword = await hashPassword('freguesia');

    // ---- customers
    const customers: CustomerItem[] = [];
    const home = new Map<number, SeededStore>();
    const usedDocs = new Set<string>();
    for (let id = 1; id <= customerCount; id++) {
      const company = rng.chance(0.03);
      let document: string;
      do {
        document = company
          ? cnpjFromBase(`${digits(rng, 8)}0001`)
          : cpfFromBase(String(rng.int(10_000_000, 999_999_999)).padStart(9, '0'));
      } while (usedDocs.has(document) || /^(\d)\1*$/.test(document));
      usedDocs.add(document);
      const female = rng.chance(0.52);
      const first = rng.pick(female ? FEMALE : MALE);
      const fullname = company
        ? `${rng.pick(COMPANIES)} Ltda`.toUpperCase()
        : `${first} ${rng.chance(0.3) ? `${rng.pick(SURNAMES)} ` : ''}${rng.pick(SURNAMES)}`.toUpperCase();
      const store = rng.pick(homes);
      home.set(id, store);
      const ddd = DDD[store.state] ?? '11';
      const channel = weighted(rng, CHANNELS);
      const email = rng.chance(0.85)
        ? `${normalizeText(first).toLowerCase()}.${normalizeText(fullname.split(' ').at(-1)!).toLowerCase()}${id}@${rng.pick(['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br'])}`
        : undefined;
      const createdAt = daysAgo(
        now,
        rng.chance(0.7) ? rng.int(400, 900) : rng.int(2, 399),
        rng,
      ).toISOString();
      const birthYear = rng.int(1950, 2006);
      customers.push({
        tenant,
        id,
        type: company ? 'J' : 'F',
        document,
        fullname,
        date_birth: company
          ? undefined
          : `${birthYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        gender: company ? undefined : female ? 'F' : 'M',
        maritial: company ? undefined : rng.pick(['S', 'C', 'U', 'V', 'D', 'O']),
        favorite_store: store.id || undefined,
        reference_code: channel === 'PDV' ? `C${String(id).padStart(7, '0')}` : undefined,
        cellphone: `${ddd}9${rng.int(6000, 9999)}${digits(rng, 4)}`,
        telephone: rng.chance(0.25) ? `${ddd}3${digits(rng, 7)}` : undefined,
        email,
        cellphone_optout: rng.chance(0.15) ? 'Y' : 'N',
        email_optout: rng.chance(0.2) ? 'Y' : 'N',
        whatsapp_optout: rng.chance(0.25) ? 'Y' : 'N',
        app_optout: rng.chance(0.3) ? 'Y' : 'N',
        gdpr_agreement: channel === 'Landing Page' || channel === 'App' || rng.chance(0.6) ? 'Y' : 'N',
        passwordHash: channel === 'Landing Page' || channel === 'App' ? portalPassword : undefined,
        active: rng.chance(0.97) ? 'Y' : 'N',
        channel,
        zipcode: `${rng.int(10000, 99999)}${digits(rng, 3)}`,
        address: rng.pick(STREETS),
        number: String(rng.int(1, 3000)),
        complement: rng.chance(0.3) ? `Apto ${rng.int(11, 184)}` : undefined,
        neighborhood: rng.pick(NEIGHBORHOODS),
        city: store.city.toUpperCase(),
        state: store.state,
        latitude: round4(store.latitude + (rng.next() - 0.5) * 0.12),
        longitude: round4(store.longitude + (rng.next() - 0.5) * 0.12),
        timer: 'A',
        contacts: [],
        tags: [...new Set(Array.from({ length: rng.int(0, 3) }, () => rng.pick(TAGS)))],
        integrations: rng.chance(0.1) ? [{ partner: 'Clube Parceiro', code: `CP${digits(rng, 8)}` }] : [],
        basketCount: 0,
        basketTotal: 0,
        nameKey: normalizeText(fullname),
        emailKey: email ?? '',
        version: 1,
        createdAt,
        updatedAt: createdAt,
      });
    }

    // ---- purchases
    const baskets: BasketItem[] = [];
    const events: object[] = [];
    const recent = localDateTime(new Date(now.getTime() - 30 * 86_400_000));
    let coupon = 100_000;
    if (stores.length > 0 && products.length > 0) {
      for (let id = 1; id <= basketCount; id++) {
        const customer = rng.chance(0.7) ? rng.pick(customers) : undefined;
        // A purchase happens after the customer registered, mostly in their home store.
        const oldest = customer
          ? Math.min(365, Math.floor((now.getTime() - Date.parse(customer.createdAt)) / 86_400_000))
          : 365;
        const when = daysAgo(now, rng.int(1, Math.max(1, oldest)), rng);
        when.setUTCHours(rng.int(11, 23), rng.int(0, 59), rng.int(0, 59));
        const store =
          customer && rng.chance(0.8) ? (home.get(customer.id) ?? rng.pick(stores)) : rng.pick(stores);
        const lines = Array.from({ length: rng.int(1, 12) }, () => {
          const product = rng.pick(products);
          const price = product.prices.find((p) => p.id_store === store.id) ?? product.prices[0];
          const unit = price ? (price.offer_cents ?? price.regular_cents) : 999;
          const quantity = product.weighable === 'Y' ? rng.int(150, 2500) / 1000 : rng.int(1, 4);
          const discount = rng.chance(0.08) ? Math.round(unit * quantity * 0.1) : 0;
          const total = Math.round(unit * quantity) - discount;
          return {
            code: product.code,
            description: product.description.toUpperCase(),
            quantity,
            unit_value: unit,
            total_value: total,
            discount,
          };
        });
        const gross = lines.reduce((sum, l) => sum + l.total_value, 0);
        const discount = rng.chance(0.1) ? Math.round(gross * 0.05) : 0;
        const amount = gross - discount;
        const method =
          payments.length > 0
            ? rng.pick(payments)
            : { description: 'Dinheiro', max_installments: 1, has_change: true };
        const paid = method.has_change ? Math.ceil(amount / 1000) * 1000 : amount;
        const date = localDateTime(when);
        const basket: BasketItem = {
          tenant,
          id,
          idCustomer: customer?.id ?? 0,
          idStore: store.id,
          checkout: String(rng.int(1, 8)),
          coupon: String(++coupon),
          date,
          day: date.slice(0, 10),
          document: customer?.document,
          amount,
          discount,
          origin: weighted(rng, ORIGINS),
          itens: lines.length,
          products: lines,
          payments: [
            {
              method: method.description,
              value: paid,
              installments: method.max_installments > 1 && amount > 10_000 ? rng.int(1, 6) : 1,
            },
          ],
          createdAt: when.toISOString(),
        };
        baskets.push(basket);
        if (customer) {
          customer.basketCount += 1;
          customer.basketTotal += amount;
          if (!customer.dt_last_basket || date > customer.dt_last_basket) {
            customer.dt_last_basket = date;
            customer.last_basket_origin = basket.origin;
          }
          // Seed shortcut: the timeline gets the last month of purchases (they are all in Compras).
          if (date >= recent) {
            events.push({
              tenant,
              customerId: customer.id,
              at: when.toISOString(),
              seq: `b${id}`,
              type: 'purchase',
              channel: basket.origin,
              basketId: id,
              description: `Compra na loja ${store.id}, caixa ${basket.checkout}, cupom ${basket.coupon}`,
            });
          }
        }
      }
    }

    // Seed shortcut: one 'created' entry per customer, carrying the programme agreement given.
    for (const c of customers) {
      events.push({
        tenant,
        customerId: c.id,
        at: c.createdAt,
        seq: 'c0',
        type: 'created',
        channel: c.channel,
        consent: { field: 'gdpr_agreement', to: c.gdpr_agreement },
        description: `Cliente cadastrado (${c.channel}); regulamento ${c.gdpr_agreement === 'Y' ? 'aceito' : 'não aceito'}`,
      });
    }

    const count = (list: string[]) =>
      list.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    const counters = [
      { tenant, name: 'seq:customer', value: customers.length },
      { tenant, name: 'total:customer', value: customers.length },
      { tenant, name: 'seq:basket', value: baskets.length },
      ...[...count(customers.map((c) => c.channel))].map(([k, value]) => ({
        tenant,
        name: `total:customer-channel:${k}`,
        value,
      })),
      ...[...count(customers.flatMap((c) => c.tags ?? []))].map(([k, value]) => ({
        tenant,
        name: `total:customer-tag:${k}`,
        value,
      })),
      ...[...count(customers.flatMap((c) => reachChannels(c)))].map(([k, value]) => ({
        tenant,
        name: `total:customer-reach:${k}`,
        value,
      })),
    ];
    await batchWrite([
      [CustomerEntity, customers],
      [CustomerPhoneEntity, customers.flatMap((c) => phoneEntries(tenant, c.id, c))],
      [CustomerWordEntity, customers.flatMap((c) => searchEntries(tenant, c.id, c))],
      [
        CustomerGeoEntity,
        customers.map((c) => ({ tenant, customerId: c.id, latitude: c.latitude!, longitude: c.longitude! })),
      ],
      [
        UniqueEntity,
        customers.map((c) => ({ tenant, scope: UNIQUE_SCOPES.document, value: c.document, ownerId: c.id })),
      ],
      [BasketEntity, baskets],
      [CustomerEventEntity, events],
      [BasketOriginEntity, [...new Set(baskets.map((b) => b.origin))].map((origin) => ({ tenant, origin }))],
      [CounterEntity, counters],
    ]);
    // The portal offers the same interests the seeded customers have (unless already set).
    const settings = settingsRepository(tenant);
    if (!(await settings.get('portal_tags'))) await settings.upsert('portal_tags', TAGS.join(', '), 1);
    ctx.shared.set(
      'customers',
      customers.map((c) => ({
        id: c.id,
        document: c.document,
        fullname: c.fullname,
        email: c.email,
        cellphone: c.cellphone,
        city: c.city,
        state: c.state,
        tags: c.tags ?? [],
      })),
    );
    // What the dashboard's figures (infra/local/seed/dashboard.ts) and the segmentation profiles
    // (infra/local/seed/segmentation.ts) are built from.
    ctx.shared.set('dashboardChanges', [
      ...customers.map((c): CustomersChange => ({ kind: 'customer', tenant, after: customerFactsOf(c) })),
      ...baskets.map((b): CustomersChange => ({ kind: 'purchase', tenant, after: purchaseFactsOf(b) })),
    ]);
    ctx.shared.set('profileFacts', {
      customers: customers.map(customerRecordFactsOf),
      purchases: baskets.map(purchaseRecordFactsOf),
    });
    const identified = baskets.filter((b) => b.idCustomer > 0).length;
    return stores.length > 0 && products.length > 0
      ? `${customers.length} clientes, ${baskets.length} compras (${Math.round((identified / Math.max(1, baskets.length)) * 100)} % identificadas)`
      : `${customers.length} clientes (sem lojas/mercadorias: compras não geradas)`;
  },
};
