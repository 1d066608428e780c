import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type * as Theming from '@cloudscape-design/components/theming';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { PALETTE_PLACEHOLDERS, themeFor } from './src/app/theme-tokens.ts';
import { prerenderPublicPages } from './src/public/prerender-plugin.ts';

// The local runtime (npm start) serves the API, the short links and web/dist on port 3000.
const LOCAL_RUNTIME = 'http://localhost:3000';

/**
 * `virtual:theme-template`: Cloudscape's theme stylesheet for our token overrides, rendered
 * with placeholder colours by Cloudscape's own generator. The browser then only swaps the
 * colours (src/app/theme.ts) instead of shipping the ~95 KB gzip theming runtime.
 */
function themeTemplate(): Plugin {
  const id = 'virtual:theme-template';
  const resolved = `\0${id}`;
  let css: Promise<string> | undefined;
  return {
    name: 'freguesia-theme-template',
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(moduleId) {
      if (moduleId !== resolved) return undefined;
      css ??= runnerImport<typeof Theming>('@cloudscape-design/components/theming', {
        configFile: false,
        logLevel: 'warn',
        // Cloudscape's ESM uses directory imports that plain Node cannot load: transform it.
        environments: {
          inline: {
            resolve: {
              noExternal: ['@cloudscape-design/components', '@cloudscape-design/theming-runtime'],
            },
          },
        },
      }).then(({ module }) => module.generateThemeStylesheet({ theme: themeFor(PALETTE_PLACEHOLDERS) }));
      return `export default ${JSON.stringify(await css)};`;
    },
  };
}

/**
 * Cloudscape's global stylesheet carries its Open Sans faces as base64 `data:` URLs: 160 of its
 * 190 KB, all render-blocking on every first page (/login, /cadastro). In the build each face
 * becomes a hashed woff2 file under /assets (cached for a year, fetched only for the weights a
 * page uses) and shows with `font-display: swap`, so text paints at once in the fallback font.
 */
function externalFonts(): Plugin {
  const fonts = new Map<string, Buffer>();
  const face = /url\(\s*['"]?data:font\/woff2;base64,([A-Za-z0-9+/=]+)['"]?\s*\)/g;
  return {
    name: 'freguesia-external-fonts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/@cloudscape-design[\\/]global-styles[\\/]index\.css$/.test(id.split('?')[0] ?? ''))
        return undefined;
      const css = code
        .replace(face, (_match, base64: string) => {
          const font = Buffer.from(base64, 'base64');
          const fileName = `assets/open-sans-${createHash('sha256').update(font).digest('hex').slice(0, 10)}.woff2`;
          fonts.set(fileName, font);
          return `url('/${fileName}')`;
        })
        .replace(/@font-face\s*{/g, '@font-face {\n  font-display: swap;');
      return { code: css, map: null };
    },
    generateBundle() {
      for (const [fileName, source] of fonts) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

export default defineConfig({
  plugins: [react(), themeTemplate(), externalFonts(), prerenderPublicPages(() => [themeTemplate()])],
  server: {
    port: 5173,
    proxy: {
      // xfwd keeps the viewer host (x-forwarded-host) so the API resolves the tenant, as CloudFront does.
      '/api': { target: LOCAL_RUNTIME, xfwd: true },
      '/link': { target: LOCAL_RUNTIME, xfwd: true },
      // Export downloads from the local blob store (signed links, functions/README.md "Exports").
      '/_local/blobs': { target: LOCAL_RUNTIME },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: lets test/bench compute the JavaScript each route loads.
    manifest: true,
    // Cloudscape makes the shell chunk large by nature; per-route sizes are tracked by the
    // bench (from the manifest) rather than by this warning.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app (index.html, every route), and the two pages people open first by a link, each a
      // page of its own with a light entry and its markup prerendered (src/public): /login and
      // /cadastro are served from login.html and cadastro.html by npm start and CloudFront.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
        cadastro: fileURLToPath(new URL('./cadastro.html', import.meta.url)),
        // The TV price screen (/tv#token): plain DOM, no React nor Cloudscape (src/tv).
        tv: fileURLToPath(new URL('./tv.html', import.meta.url)),
        // /nps?hash=…: the public survey, no framework (src/public/nps-entry.ts).
        nps: fileURLToPath(new URL('./nps.html', import.meta.url)),
      },
    },
  },
});
