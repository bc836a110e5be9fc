/** Vite build of the web console into web/dist, served by the Atende server at `/`. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The budget (250 KB gzip) is checked on the entry chunks, not per lazy page.
    chunkSizeWarningLimit: 600,
  },
});
