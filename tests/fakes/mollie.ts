// A local fake of the Mollie API endpoints the shop uses (create payment, get payment, create refund),
// for tests: the real client (@mollie/api-client) talks to it through MOLLIE_API_URL / apiEndpoint.
// Tests move a payment to any status (as a customer at Mollie's checkout would) and then call the
// shop's webhook the way Mollie does: a form post carrying only the payment id.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

type Amount = { currency: string; value: string };
export type FakePayment = {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  amount: Amount;
  description: string;
  redirectUrl: string;
  webhookUrl?: string;
  metadata: unknown;
  refunds: FakeRefund[];
};
export type FakeRefund = { resource: 'refund'; id: string; paymentId: string; amount: Amount; status: 'pending'; createdAt: string; description?: string };

const cents = (a: Amount) => Math.round(Number(a.value) * 100);

export async function startFakeMollie(apiKey = 'test_fake_key_0123456789abcdef0123') {
  const payments = new Map<string, FakePayment>();
  const idempotent = new Map<string, unknown>();
  const requests: { method: string; path: string }[] = [];
  let base = '';

  const view = (p: FakePayment) => ({
    ...p,
    refunds: undefined,
    amountRefunded: { currency: p.amount.currency, value: (p.refunds.reduce((n, r) => n + cents(r.amount), 0) / 100).toFixed(2) },
    _links: { self: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' }, checkout: { href: `${base}/checkout/${p.id}`, type: 'text/html' } },
  });
  const problem = (res: http.ServerResponse, status: number, detail: string) => {
    res.writeHead(status, { 'content-type': 'application/hal+json' }).end(JSON.stringify({ status, title: http.STATUS_CODES[status], detail, _links: {} }));
  };

  // The official client speaks only HTTPS (with its own CA bundle), so the fake does too, with a throwaway
  // self-signed certificate; certificate checks are off in the test process only.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-mollie-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const tls = { key: fs.readFileSync(`${dir}/key.pem`), cert: fs.readFileSync(`${dir}/cert.pem`) };
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

  const server = https.createServer(tls, (req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path });
      // Mollie's hosted checkout, as a customer sees it: pick an outcome; Mollie then calls the shop's
      // webhook and sends the customer back.
      const page = /^\/checkout\/([^/]+)$/.exec(path);
      if (page) {
        const p = payments.get(page[1]!);
        if (!p) return problem(res, 404, 'Unknown payment');
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
            `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Mollie test checkout</title><link rel="icon" href="data:,"></head><body><main><h1>Mollie (test)</h1><p>${p.description}: ${p.amount.currency} ${p.amount.value}</p>` +
              ['paid', 'failed', 'canceled', 'expired'].map((o) => `<form method="post"><input type="hidden" name="status" value="${o}"><button>${o}</button></form>`).join('') +
              '</main></body></html>',
          );
          return;
        }
        p.status = (new URLSearchParams(raw).get('status') ?? 'failed') as FakePayment['status'];
        const back = () => res.writeHead(303, { location: p.redirectUrl }).end();
        if (!p.webhookUrl) return back();
        void fetch(p.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${p.id}` }).then(back, back);
        return;
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`) return problem(res, 401, 'Missing authentication, or failed to authenticate');
      const key = req.headers['idempotency-key'];
      const send = (status: number, body: unknown) => {
        if (typeof key === 'string') idempotent.set(key, body);
        res.writeHead(status, { 'content-type': 'application/hal+json' }).end(JSON.stringify(body));
      };
      if (req.method === 'POST' && typeof key === 'string' && idempotent.has(key)) return send(201, idempotent.get(key));
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

      if (req.method === 'POST' && path === '/v2/payments') {
        const amount = body.amount as Amount;
        if (!amount || !/^\d+\.\d{2}$/.test(amount.value)) return problem(res, 422, 'The amount is invalid');
        const p: FakePayment = {
          resource: 'payment',
          id: `tr_${crypto.randomBytes(6).toString('hex')}`,
          mode: 'test',
          createdAt: new Date().toISOString(),
          status: 'open',
          amount,
          description: String(body.description),
          redirectUrl: String(body.redirectUrl),
          webhookUrl: body.webhookUrl ? String(body.webhookUrl) : undefined,
          metadata: body.metadata ?? null,
          refunds: [],
        };
        payments.set(p.id, p);
        return send(201, view(p));
      }
      const get = /^\/v2\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && get) {
        const p = payments.get(get[1]!);
        return p ? send(200, view(p)) : problem(res, 404, `No payment exists with token ${get[1]}.`);
      }
      const refund = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path);
      if (req.method === 'POST' && refund) {
        const p = payments.get(refund[1]!);
        if (!p) return problem(res, 404, `No payment exists with token ${refund[1]}.`);
        if (p.status !== 'paid') return problem(res, 422, 'The payment cannot be refunded');
        const amount = (body.amount as Amount | undefined) ?? p.amount;
        const left = cents(p.amount) - p.refunds.reduce((n, r) => n + cents(r.amount), 0);
        if (amount.currency !== p.amount.currency || cents(amount) <= 0 || cents(amount) > left) return problem(res, 422, 'The amount is higher than the amount that is refundable');
        const r: FakeRefund = { resource: 'refund', id: `re_${crypto.randomBytes(6).toString('hex')}`, paymentId: p.id, amount, status: 'pending', createdAt: new Date().toISOString(), description: body.description as string };
        p.refunds.push(r);
        return send(201, { ...r, _links: {} });
      }
      problem(res, 404, 'Unknown endpoint');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiKey,
    url: `${base}/v2/`,
    payments,
    requests,
    /** Moves a payment to a status, as the customer's choice at Mollie's checkout would. */
    setStatus(id: string, status: FakePayment['status']) {
      payments.get(id)!.status = status;
    },
    /** Makes the payment report another amount than was asked for (a provider or configuration error). */
    setAmount(id: string, amount: Amount) {
      payments.get(id)!.amount = amount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
