import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vike(), react(), tailwindcss()],
  // Server-only packages stay external to the SSR bundle: they are loaded from node_modules at run time.
  ssr: { external: ['pg', '@electric-sql/pglite', 'fastify'] },
});
