import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Repository paths, resolved from this file rather than from the process's working directory,
 * so `cdk synth` from the root, vitest and the bundle script all agree.
 */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where the domain folders live (`functions/src/<domain>/handler.ts`). */
export const functionsSourceDir = join(repoRoot, 'functions', 'src');

/** The lock file NodejsFunction hashes and bundles from (npm workspaces: one at the root). */
export const lockFilePath = join(repoRoot, 'package-lock.json');

/** The Vite build of the web app; deployed only when it exists. */
export const webDistDir = join(repoRoot, 'web', 'dist');

/** Entry of a domain's Lambda handler. */
export function domainEntry(name: string, sourceDir: string = functionsSourceDir): string {
  return join(sourceDir, name, 'handler.ts');
}

/**
 * The short-link redirect is a separate, minimal function (hot path, tiny bundle). It is wired
 * to `/link/*` only once its file exists, so the infrastructure can ship before the domain.
 */
export function shortLinkRedirectEntry(sourceDir: string = functionsSourceDir): string | undefined {
  const entry = join(sourceDir, 'shortlinks', 'redirect.ts');
  return existsSync(entry) ? entry : undefined;
}
