/**
 * The site's Content-Security-Policy: only what the app loads or calls. Third-party hosts are
 * added only when their integration is configured in context.
 */

export interface CspInput {
  /** AWS region of the user pool (Amplify calls `cognito-idp.<region>.amazonaws.com`). */
  region: string;
  hubspot: boolean;
  googleAnalytics: boolean;
}

/** Stripe: Stripe.js, its iframes, its API, and the hosted Checkout page (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  formAction: ['https://checkout.stripe.com'],
};

/** HubSpot tracking code and chat widget (HubSpot's list of domains to allow for the tracking code and chat). */
const HUBSPOT = {
  script: [
    'https://js.hs-scripts.com',
    'https://js.hs-analytics.net',
    'https://js.hs-banner.com',
    'https://js.hscollectedforms.net',
    'https://js.usemessages.com',
    'https://js.hsadspixel.net',
  ],
  connect: [
    'https://*.hubspot.com',
    'https://*.hubapi.com',
    'https://*.hs-banner.com',
    'https://*.hscollectedforms.net',
    'https://*.usemessages.com',
    'wss://*.hubspot.com',
  ],
  frame: ['https://*.hubspot.com', 'https://*.usemessages.com'],
  img: ['https://*.hubspot.com', 'https://*.hsforms.com', 'https://*.hubspotusercontent-na1.net'],
  font: ['https://*.hubspot.com'],
};

/** Google Analytics 4 through gtag.js (Google's CSP guide for Tag Manager / GA4). */
const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

export function contentSecurityPolicy(input: CspInput): string {
  const hub = input.hubspot;
  const ga = input.googleAnalytics;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      ["'self'", ...STRIPE.script, ...(hub ? HUBSPOT.script : []), ...(ga ? GOOGLE_ANALYTICS.script : [])],
    ],
    // KaTeX positions glyphs with inline style attributes; React's style props need it too.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...(hub ? HUBSPOT.img : []), ...(ga ? GOOGLE_ANALYTICS.img : [])]],
    // KaTeX fonts are bundled into the site's hashed assets.
    ['font-src', ["'self'", 'data:', ...(hub ? HUBSPOT.font : [])]],
    [
      'connect-src',
      [
        // 'self' covers the API: it is served under /api/ of the site's own origin.
        "'self'",
        `https://cognito-idp.${input.region}.amazonaws.com`,
        ...STRIPE.connect,
        ...(hub ? HUBSPOT.connect : []),
        ...(ga ? GOOGLE_ANALYTICS.connect : []),
      ],
    ],
    ['frame-src', [...STRIPE.frame, ...(hub ? HUBSPOT.frame : [])]],
    ['form-action', ["'self'", ...STRIPE.formAction]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['upgrade-insecure-requests', []],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
