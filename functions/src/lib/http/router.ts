import type { HttpMethod, RouteDefinition } from './route';

interface CompiledRoute {
  route: RouteDefinition;
  segments: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDefinition; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

/** Matches method + path against a domain's routes; literal segments win over parameters. */
export function createRouter(routes: RouteDefinition[]) {
  const compiled: CompiledRoute[] = routes
    .map((route) => ({ route, segments: split(route.path) }))
    // Literal segments before parameters, so /customer/exists beats /customer/{id}.
    .sort((a, b) => specificity(b.segments) - specificity(a.segments));

  return function match(method: string, path: string): RouteMatch {
    const parts = split(path);
    const allowed: HttpMethod[] = [];
    for (const candidate of compiled) {
      const params = matchSegments(candidate.segments, parts);
      if (!params) continue;
      if (candidate.route.method === method) return { kind: 'found', route: candidate.route, params };
      allowed.push(candidate.route.method);
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  };
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function specificity(segments: string[]): number {
  return segments.reduce((score, s, i) => score + (s.startsWith('{') ? 0 : 2 ** (20 - i)), 0);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const value = parts[i]!;
    if (p.startsWith('{') && p.endsWith('}')) {
      try {
        params[p.slice(1, -1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (p !== value) {
      return undefined;
    }
  }
  return params;
}
