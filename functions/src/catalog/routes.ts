import { brandRoutes } from './brands.routes';
import { categoryRoutes } from './categories.routes';
import { integrationRoutes } from './integration.routes';
import { lookupRoutes } from './lookups.routes';
import { paymentRoutes } from './payments.routes';
import { priceRoutes } from './prices.routes';
import { productRoutes } from './products.routes';
import { storeRoutes } from './stores.routes';

/** The catalog domain: products, prices, categories, stores, payment methods, brands, partners. */
export const routes = [
  ...productRoutes,
  ...priceRoutes,
  ...categoryRoutes,
  ...storeRoutes,
  ...paymentRoutes,
  ...brandRoutes,
  ...lookupRoutes,
  ...integrationRoutes,
];
