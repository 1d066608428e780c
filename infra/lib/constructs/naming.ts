/** PascalCase construct ids from domain and processor names ('sales-orders' → 'SalesOrders'). */
export function pascal(value: string): string {
  return value
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
