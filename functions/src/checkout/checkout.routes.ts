import { PaymentDiscountRequest, SubtotalRequest } from '@freguesia/shared/schemas/checkout';
import { route } from '../lib/http/route';
import { checkoutPaymentDiscount, checkoutSubtotal } from '../campaigns/checkout.service';

/** Staff sales screens call the checkout too: the spec's Sell permission (part 3 §6). */
const SELL = { action: 'write', subject: 'Sell' } as const;

/**
 * The checkout calls of spec part 3 §7: the point of sale with the tenant's integration token
 * (`x-api-key` or a bearer token), staff sales screens with their session.
 */
export const checkoutRoutes = [
  route({
    method: 'POST',
    path: '/api/checkout/subtotal',
    auth: 'integration-or-staff',
    permission: SELL,
    body: SubtotalRequest,
    handler: ({ service, body }) => checkoutSubtotal(service, body),
  }),
  route({
    method: 'POST',
    path: '/api/checkout/discounts/payments',
    auth: 'integration-or-staff',
    permission: SELL,
    body: PaymentDiscountRequest,
    handler: ({ service, body }) => checkoutPaymentDiscount(service, body),
  }),
];
