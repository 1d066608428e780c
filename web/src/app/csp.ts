import { config } from 'zod/v4/core';

/**
 * Zod compiles fast object parsers with `new Function` when it may. The Content-Security-Policy
 * (infra/lib/security-headers.ts) forbids eval, so Zod's probe would be refused and reported as a
 * violation on every page: turn the compiler off before any schema is built. This module is the
 * entry's first import (main.tsx), so it runs before every other module.
 */
config({ jitless: true });
