import fs from 'node:fs';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import client from 'prom-client';
import type { ServerBuild } from 'react-router';
import { type Db, ping } from '../app/db/client.server.ts';
import { configureCookieSigning } from '../app/lib/cookies.server.ts';
import { requestScope } from '../app/lib/request-memo.server.ts';
import { inOutage, outageHeaders, outagePage, RETRY_AFTER_SECONDS, reportDbError, reportDbOk } from '../app/lib/db-outage.ts';
import { layoutVisitor } from '../app/flows/visitor-cart.server.ts';
import { heartIds } from '../app/modules/accounts/wishlist.server.ts';
import { votedReviewIds } from '../app/modules/reviews/reviews.server.ts';
import { voterFor } from '../app/modules/reviews/visitor.server.ts';
import { renderDevOutboxPage } from '../app/modules/mail/mail-templates.ts';
import { countFailedMails, listDevOutbox, readDevMail } from '../app/modules/mail/mail.server.ts';
import { type PaymentConfig, paymentPageOrigins } from '../app/modules/payments/payments.server.ts';
import { CLIENT_IP_HEADER } from '../app/lib/client-key.ts';
import { newestBackupAge } from '../app/modules/backups/backups.server.ts';
import type { ShopSecrets } from '../app/lib/secrets.server.ts';
import { NO_THIRD_PARTY, type ThirdPartyScripts } from '../app/modules/consent/consent.ts';
import { thirdPartyOrigins } from '../app/modules/consent/consent.server.ts';
import { BROTLI_OPTIONS, compressDocuments, GZIP_LEVEL } from './compress-documents.ts';
import { imageRoutes } from './images.ts';
import { pageCache, type Personal } from './page-cache.ts';
import { precompressedAssets } from './precompressed.ts';
import { requestGuard } from './request-guard.ts';
import { csrfProtection, metricsAccess, securityHeaders } from './security.ts';
import { routingRules } from './routing.ts';

export type AppOptions = {
  db: Db;
  logger: Logger;
  publicUrl?: string;
  /** Production: the built server module; dev: a loader through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  buildId: string;
  /** Signing keys for order links and payment webhooks. */
  secrets: ShopSecrets;
  /** Bearer tokens of the staff HTTP API; empty: the API answers 404. */
  staffTokens: string[];
  /** Bearer token for /metrics from elsewhere than loopback. */
  metricsToken?: string;
  /** Online payment providers switched on for this process. */
  payments: PaymentConfig;
  /** Third-party scripts loaded with the visitor's consent; none when not given. */
  thirdParty?: ThirdPartyScripts;
  vite?: { middlewares: express.RequestHandler };
  clientDir?: string;
  /** Express 'trust proxy' setting; loopback when not given. */
  trustProxy?: string;
  /** Rendered product images are kept here (see server/images.ts). */
  imageCacheDir: string;
  /** Where the daily backups go: the newest one's age is a metric. */
  backupDir?: string;
  /** Dev outbox (.eml files written without SMTP_URL), listed at /dev/mail in dev only. */
  outboxDir?: string;
};

export function createApp(opts: AppOptions) {
  const app = express();
  const dev = !!opts.vite;
  configureCookieSigning(opts.secrets.app);
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy ?? 'loopback');

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method and status',
    labelNames: ['method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  // Mail that used every attempt waits for staff: visible to monitoring, not only in the log.
  new client.Gauge({
    name: 'mail_outbox_failed',
    help: 'Mails that used all delivery attempts and wait for `npm run mail -- retry`',
    registers: [registry],
    async collect() {
      this.set(await countFailedMails(opts.db).catch(() => 0));
    },
  });

  // A shop whose backups stopped finds out from monitoring (+Inf: none at all), not on the day it needs one.
  if (opts.backupDir) {
    const backupDir = opts.backupDir;
    new client.Gauge({
      name: 'backup_newest_age_seconds',
      help: 'Seconds since the newest backup in BACKUP_DIR was taken (+Inf when there is none)',
      registers: [registry],
      collect() {
        this.set(newestBackupAge(backupDir));
      },
    });
  }

  // The client's address for rate limits, from the socket or a trusted proxy only (client-key.ts).
  // Assigning replaces any value the client sent under the same name.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? '';
    next();
  });

  app.use((req, res, next) => {
    const end = duration.startTimer();
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      end({ method: req.method, status: String(res.statusCode) });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.statusCode >= 500 && res.statusCode !== 503) opts.logger.error({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
      else opts.logger.debug({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
    });
    next();
  });

  const thirdParty = opts.thirdParty ?? NO_THIRD_PARTY;
  app.use(securityHeaders({ dev, formActions: paymentPageOrigins(opts.payments), scriptOrigins: thirdPartyOrigins(thirdParty) }));
  app.use(requestGuard());
  // Behind a proxy the shop is PUBLIC_URL, whatever Host or X-Forwarded-Proto the proxy passes on:
  // secure cookies, absolute links and the CSRF check all see the public origin.
  if (opts.publicUrl) {
    const pub = new URL(opts.publicUrl);
    const protocol = pub.protocol.slice(0, -1);
    app.use((req, _res, next) => {
      req.headers.host = pub.host;
      delete req.headers['x-forwarded-host'];
      Object.defineProperty(req, 'protocol', { value: protocol, configurable: true });
      Object.defineProperty(req, 'secure', { value: protocol === 'https', configurable: true });
      next();
    });
  }
  // Pages whole and at once (compress-documents.ts); the hashed assets come precompressed (precompressed.ts); the
  // rest (data requests, CSV exports) streamed by the compression middleware, at the same settings.
  app.use(compression({ level: GZIP_LEVEL, brotli: BROTLI_OPTIONS }));
  app.use(compressDocuments());

  app.get('/healthz', async (_req, res) => {
    try {
      await ping(opts.db);
      reportDbOk();
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch (err) {
      reportDbError(err);
      res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) }).json({ status: 'unavailable' });
    }
  });
  app.get('/metrics', metricsAccess(opts.metricsToken), async (_req, res) => {
    res.set({ 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).send(await registry.metrics());
  });
  app.get('/_build/latest.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ id: opts.buildId });
  });

  if (dev && opts.outboxDir) {
    const outboxDir = opts.outboxDir;
    app.get('/dev/mail', async (_req, res) => {
      res.set('Cache-Control', 'no-store').type('html').send(renderDevOutboxPage(await listDevOutbox(outboxDir)));
    });
    app.get('/dev/mail/:file', async (req, res) => {
      const raw = await readDevMail(outboxDir, req.params.file);
      if (raw === null) res.status(404).type('text/plain').send('Niet gevonden.');
      else res.set('Cache-Control', 'no-store').type('text/plain').send(raw);
    });
  }

  if (opts.vite) {
    app.use(opts.vite.middlewares);
  } else {
    const clientDir = opts.clientDir ?? path.resolve('build/client');
    // Hashed file names never change: cache them for a year.
    app.use('/assets', precompressedAssets(path.join(clientDir, 'assets')), express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    // The build's few top-level files (the favicon) by name: asked of every page, the static handler would look
    // each page's path up on disk first.
    const rootFiles = new Set(fs.readdirSync(clientDir, { withFileTypes: true }).flatMap((f) => (f.isFile() ? [`/${f.name}`] : [])));
    const serveRoot = express.static(clientDir, { maxAge: '1h', index: false });
    app.use((req, res, next) => (rootFiles.has(req.path) ? serveRoot(req, res, next) : next()));
  }

  // Before the routing rules: image URLs never redirect and never reach React Router.
  app.use(imageRoutes({ getDb: () => opts.db, cacheDir: opts.imageCacheDir }));
  app.use(routingRules(() => opts.db));
  app.use(csrfProtection({ publicUrl: opts.publicUrl }));
  // One memo per GET request for what the root loader and the page's loader both read (session, cart).
  app.use(requestScope);
  // In dev every edit must show at once.
  // A visitor's cached page gets their cart from the same read as the root loader's (ADR 031) and, when logged in,
  // what the root loader and the product page show of them: name, wishlist, votes on the page's reviews (ADR 047).
  const readPersonal = async (cookie: string, reviewIds: number[]): Promise<Personal> => {
    const request = new Request('http://shop.invalid/', { headers: { cookie } });
    const { session, cart } = await layoutVisitor(opts.db, request);
    if (!session) return { cart };
    const userId = session.user.id;
    const [wishlist, voted] = await Promise.all([heartIds(opts.db, userId), votedReviewIds(opts.db, voterFor(request, userId), reviewIds)]);
    return { cart, user: { name: session.user.name }, wishlist, voted };
  };
  if (!dev) app.use(pageCache({ owner: opts.db, readPersonal }));
  // During a database outage everything the page cache could not answer gets the 503 page at once,
  // instead of each request waiting for a connection that will not come. Not the route manifest that a cached page
  // asks for as the shopper moves about (React Router's lazy route discovery): it needs no database.
  app.use((req, res, next) => {
    if (!inOutage() || req.path === '/__manifest') return next();
    res.status(503).set(outageHeaders()).send(outagePage());
  });

  app.all(
    '/{*splat}',
    createRequestHandler({
      build: opts.build,
      mode: dev ? 'development' : 'production',
      getLoadContext: (_req, res) => ({ db: opts.db, nonce: String(res.locals.nonce), buildId: opts.buildId, secrets: opts.secrets, staffTokens: opts.staffTokens, publicUrl: opts.publicUrl, payments: opts.payments, thirdParty }),
    }),
  );

  // Last resort: no internals in the answer, everything in the log.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (reportDbError(err)) {
      if (!res.headersSent) res.status(503).set(outageHeaders()).send(outagePage());
      return;
    }
    opts.logger.error({ err, url: req.originalUrl }, 'unhandled error');
    if (res.headersSent) return;
    res.status(500).type('text/plain').send('Er ging iets mis. Probeer het later opnieuw.');
  });

  return app;
}

