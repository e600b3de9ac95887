import helmet from 'helmet';

/**
 * Browser features the shop never uses, switched off for it and for anything it might embed.
 * (The payment step is a form, not the Payment Request API.)
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** HSTS is a promise about HTTPS; sent over plain HTTP it means nothing, or pins a wrong host. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers from helmet, computed ONCE: our policy is static, so running helmet per request
 * (what @fastify/helmet does) only costs time, on every request. helmet stays the source of truth for which headers and values are right.
 *
 * Scripts: the production pages run only our own bundles (script-src 'self'). The inline scripts
 * Vike writes are data blocks (type="application/json", and JSON-LD), which a browser never executes
 * and CSP does not govern, so cached pages need neither a nonce nor a hash. Only development keeps
 * 'unsafe-inline': Vite injects an executable inline preamble for hot reload.
 */
export function securityHeaders(options: { dev: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        // React may set inline style attributes; styles cannot run code.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // Vite's hot reload talks over a websocket in development.
        'connect-src': options.dev ? ["'self'", 'ws:'] : ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Added per request, only when it arrived over HTTPS (below).
    strictTransportSecurity: false,
    // Same-origin requests keep their Origin and Referer: the form routes check them to refuse posts
    // from other sites (with no-referrer a browser sends `Origin: null` on every form post).
    referrerPolicy: { policy: 'same-origin' },
  });
  let failed: unknown;
  middleware({} as never, response as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * What an answer that is not a document needs (JSON, scripts, styles, fonts, raster images): a browser
 * must not sniff it into something else, render it in a frame, or hand it to another site's page. The
 * document headers above (script and style sources, permissions, opener and referrer policies, helmet's
 * legacy switches) govern pages, which a JSON answer never becomes under `nosniff`, and each header
 * costs every answer its check and write (Node checks every header name and value it writes).
 */
export const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/** Types a browser renders as a document, running or styling what it holds. */
const DOCUMENT_TYPE = /^\s*(text\/html|image\/svg\+xml|application\/xhtml\+xml|text\/xml|application\/xml)\b/i;

export const isDocumentType = (contentType: unknown) =>
  typeof contentType === 'string' && DOCUMENT_TYPE.test(contentType);
