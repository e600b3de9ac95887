import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';

/**
 * The storefront uses Vike's server routing, but vike-react imports `providePageContext` from
 * 'vike/getPageContext', whose browser build imports Vike's whole client router (routing, prefetch
 * and history code a server-routed page never runs). In the browser bundle that import is answered by
 * a module of the shop's own with the same two functions: vike-react provides each page's context to
 * its hooks through it, and `getPageContext()` in the browser returns the last one provided. Nothing
 * of Vike's is reached past its exports (Vike's runtime keeps its own slot for its own hooks).
 */
function vikeGetPageContextWithoutClientRouter(): Plugin {
  const virtualId = '\0dino-shop:vike-get-page-context';
  return {
    name: 'dino-shop:vike-get-page-context-without-client-router',
    enforce: 'pre',
    // Production builds only: in development the dependency optimiser bundles vike-react on its own.
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id) {
      return id === 'vike/getPageContext' ? virtualId : undefined;
    },
    load(id) {
      if (id !== virtualId) return undefined;
      return 'let provided = null; export function providePageContext(pageContext) { provided = pageContext; } export function getPageContext() { return provided; }';
    },
  };
}

/**
 * Vike adds a CSS chunk group whose `name` is a function; Rolldown then warns on every build that the
 * group has no `debugName`. Giving such groups one keeps the build output free of warnings.
 */
function nameFunctionChunkGroups(): Plugin {
  return {
    name: 'dino-shop:name-function-chunk-groups',
    apply: 'build',
    outputOptions(output) {
      const splitting = output.codeSplitting;
      if (!splitting || typeof splitting !== 'object') return;
      splitting.groups?.forEach((group, index) => {
        if (typeof group.name === 'function' && !group.debugName) group.debugName = `group-${index}`;
      });
    },
  };
}

/**
 * What every page loads first, in one chunk: React, Vike's runtime, vike-react, and the layout (its
 * static imports come along), plus the tiny modules most pages use (sizes, money, the cart's rules
 * and its shipping offer, the shop's messages, the forms' flash and return path, the in-place submit
 * button) and the size chart the home page shows. Left to itself the bundler splits these into a dozen small files, and
 * each file gzipped on its own costs more in all than one file (the first-load budget measures gzip per
 * file).
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|vike|vike-react|@brillout)[\\/]|^\0(rolldown|vite)[\\/]|virtual:vike:global-entry/;
const LAYOUT =
  /[\\/](storefront[\\/](\+Layout\.tsx|components[\\/](ui\.ts|size-chart\.tsx|in-place-submit\.tsx)|lib[\\/](sizes|flash|typed-before-hydration)\.ts|lib[\\/]return-to\.tsx)|contracts[\\/](money-format|cart-rules|shop-messages|shipping-offer)\.ts)$/;

/**
 * The catalogue's cards and the mascot peeking beside them, which /, /shop and /product/{slug} all
 * load: one chunk, not six (the cards' Add to Cart and card action, the mascot and the URL's navigation
 * key came out as small files of their own).
 */
const CATALOGUE =
  /[\\/]storefront[\\/](features[\\/](catalogue[\\/](product-card|catalogue-product-card|use-mascot)\.tsx?|cart[\\/](add-to-cart-button|card-action)\.tsx)|lib[\\/](variant-selection|mascot|navigation-key)\.ts|components[\\/]mascot-peek\.tsx)$/;

export default defineConfig({
  plugins: [vikeGetPageContextWithoutClientRouter(), vike(), react(), tailwindcss(), nameFunctionChunkGroups()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page's first script lists every chunk's name, so a short name is bytes on every first
            // load: 6 hash characters (Vike's default is 8). Rolldown refuses 6 past 64 chunks (the build
            // says so): then 7, or fold a new small shared module into a group below.
            chunkFileNames: 'assets/chunks/chunk-[hash:6].js',
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: (id) => FRAMEWORK.test(id) || LAYOUT.test(id),
                },
                { name: 'catalogue', test: (id) => CATALOGUE.test(id) },
              ],
            },
          },
        },
      },
    },
  },
  // Server-only packages stay external to the SSR bundle: they are loaded from node_modules at run time.
  ssr: { external: ['pg', '@electric-sql/pglite', 'fastify'] },
});
