import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { getJwtSecret } from './secret';

/** Claims carried by every token Freguesia issues. */
export interface TokenClaims {
  /** Subject: the staff user id or the customer id. */
  sub: string;
  /** Tenant the token was issued for; a token is refused on any other tenant. */
  tnt: string;
  /** `staff` or `customer`. */
  typ: 'staff' | 'customer';
  /** Staff role id at issue time (informative; permissions are re-read per request). */
  rol?: number;
  /** Token version of the user: bumped on password change, disable or delete. */
  ver?: number;
}

const ISSUER = 'freguesia';

/** Signs a token valid for `ttlSeconds` (default 12 hours, one working day). */
export async function signToken(claims: TokenClaims, ttlSeconds = 12 * 3600): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(claims.tnt)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await getJwtSecret());
}

/**
 * Verifies signature, expiry, issuer and that the token belongs to `tenant`.
 * Returns undefined for any invalid token; callers answer 401 without detail.
 */
export async function verifyToken(token: string, tenant: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await getJwtSecret(), {
      issuer: ISSUER,
      audience: tenant,
      algorithms: ['HS256'],
    });
    if (payload.tnt !== tenant || typeof payload.sub !== 'string') return undefined;
    if (payload.typ !== 'staff' && payload.typ !== 'customer') return undefined;
    return payload as unknown as TokenClaims;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}
