import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The local runtime (npm start) serves the API, the short links and web/dist on port 3000.
const LOCAL_RUNTIME = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      // Keep the viewer host so the API resolves the tenant from it, as CloudFront does.
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
    // Cloudscape's shared internals make a few chunks large by nature; sizes are tracked
    // per route by the bench instead of by this warning.
    chunkSizeWarningLimit: 1500,
  },
});
