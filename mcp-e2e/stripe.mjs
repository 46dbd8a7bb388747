// A stand-in for Stripe on loopback, for the deposit's end-to-end runs (mcp-e2e's and the web app's
// Chromium test): the few endpoints bookingd calls (create, read and expire a Checkout Session,
// refund), answered as Stripe's API answers; the Checkout page itself, whose Pay button completes
// the session and sends the browser to its success URL (Cancel to its cancel URL); and the payment
// told to bookingd as Stripe tells it: an event signed with the endpoint's secret (HMAC-SHA256 of
// "t.payload", in Stripe-Signature).
import { createServer } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';

const hex = (n) => randomBytes(n).toString('hex');

/** startStripe runs the stand-in; it resolves to { url, secret, sessions, refunds, setHook, pay, close }. */
export async function startStripe(key) {
  const secret = `whsec_${hex(12)}`;
  const sessions = new Map();
  const byKey = new Map();
  const refunds = [];
  let hook = '';
  let base = '';

  const send = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res, status, message) => send(res, status, { error: { type: 'invalid_request_error', message } });

  /** checkout is the Checkout page of session: its amount and a Pay button (POST), or where Pay sends the browser. */
  async function checkout(req, res, session) {
    if (!session) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('No such checkout session');
    }
    if (req.method === 'POST' && session.status === 'open') {
      await paid(session);
      res.writeHead(303, { Location: session.success_url });
      return res.end();
    }
    const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: session.currency.toUpperCase() }).format(session.amount_total / 100);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${amount}</title></head><body><main>` +
      `<h1>Pay ${amount}</h1>` +
      (session.status === 'open'
        ? `<form method="post"><button type="submit">Pay ${amount}</button></form><p><a href="${session.cancel_url}">Cancel</a></p>`
        : `<p>This session is ${session.status}.</p>`) +
      `</main></body></html>`);
  }

  /** paid completes session, paid, and tells bookingd; it resolves to the hook's status. */
  async function paid(session) {
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${hex(12)}`, url: null });
    return tell('checkout.session.completed', session);
  }

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (!req.url.startsWith('/pay/') && req.headers.authorization !== `Bearer ${key}`) return refuse(res, 401, 'Invalid API Key provided');
      const form = new URLSearchParams(body);
      const path = new URL(req.url, 'http://stripe').pathname;
      const page = path.match(/^\/pay\/([^/]+)$/);
      if (page) return checkout(req, res, sessions.get(page[1]));
      const idem = req.headers['idempotency-key'];
      if (idem && byKey.has(idem)) return send(res, 200, byKey.get(idem));
      let m;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${hex(12)}`;
        const session = {
          id, object: 'checkout.session', mode: form.get('mode'), url: `${base}/pay/${id}`, status: 'open', payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'), currency: form.get('line_items[0][price_data][currency]'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')), expires_at: Number(form.get('expires_at')),
          success_url: form.get('success_url'), cancel_url: form.get('cancel_url'), payment_intent: null,
        };
        sessions.set(id, session);
        if (idem) byKey.set(idem, session);
        return send(res, 200, session);
      }
      if (req.method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
        const session = sessions.get(m[1]);
        return session ? send(res, 200, session) : refuse(res, 404, `No such checkout.session: '${m[1]}'`);
      }
      if (req.method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
        const session = sessions.get(m[1]);
        if (!session) return refuse(res, 404, `No such checkout.session: '${m[1]}'`);
        if (session.status !== 'open') return refuse(res, 400, `This Checkout Session is ${session.status}.`);
        session.status = 'expired';
        session.url = null;
        return send(res, 200, session);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const refund = { id: `re_${hex(12)}`, object: 'refund', payment_intent: form.get('payment_intent'), amount: Number(form.get('amount')), status: 'succeeded' };
        refunds.push(refund);
        if (idem) byKey.set(idem, refund);
        return send(res, 200, refund);
      }
      return refuse(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;

  /** tell sends an event of type about session to the hook, signed now, and resolves to the hook's status. */
  async function tell(type, session) {
    const payload = JSON.stringify({ id: `evt_${hex(12)}`, object: 'event', type, api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
    const res = await fetch(hook, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${t},v1=${v1}` }, body: payload });
    return res.status;
  }

  return {
    url: base,
    secret,
    sessions,
    refunds,
    setHook: (url) => (hook = url),
    /** pay is the customer paying on the page at pageURL: the session completes, paid, and Stripe tells. */
    async pay(pageURL) {
      const id = new URL(pageURL).pathname.replace(/^\/pay\//, '');
      const session = sessions.get(id);
      if (!session || session.status !== 'open') throw new Error(`session ${id} can't be paid`);
      return paid(session);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
