import type * as Theming from '@cloudscape-design/components/theming';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { PALETTE_PLACEHOLDERS, themeFor } from './src/app/theme-tokens.ts';

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

export default defineConfig({
  plugins: [react(), themeTemplate()],
  server: {
    port: 5173,
    proxy: {
      // xfwd keeps the viewer host (x-forwarded-host) so the API resolves the tenant, as CloudFront does.
      '/api': { target: LOCAL_RUNTIME, xfwd: true },
      '/link': { target: LOCAL_RUNTIME, xfwd: true },
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
  },
});
