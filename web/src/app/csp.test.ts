import './csp';
import { config } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';

describe('csp (Zod without eval, Zod not imported by the entry)', () => {
  it("is Zod's own jitless setting once Zod loads", () => {
    expect(config().jitless).toBe(true);
  });
});
