// The deliveries the server signs (internal/webhook's golden file, kept fresh by its Go tests) verify with the standardwebhooks package, a verifier the server doesn't use, and stop verifying when anything signed is changed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Signed = { secret: string; body: string; headers: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> };

const deliveries = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../internal/webhook/testdata/signed.json', import.meta.url)), 'utf8'),
) as Signed[];

describe.each(deliveries)('the delivery $headers.webhook-id, checked by standardwebhooks', ({ secret, body, headers }) => {
  const sentAt = Number(headers['webhook-timestamp']) * 1000;

  // The verifier refuses a timestamp more than five minutes from its clock: set its clock to the delivery's.
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(sentAt + 30_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies, and gives back the body', () => {
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('carries the signature the package computes itself', () => {
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign(headers['webhook-id'], new Date(sentAt), body));
  });

  it.each([
    ['a changed body', { body: body.replace(/.$/, ' }') }],
    ['another id', { headers: { ...headers, 'webhook-id': `${headers['webhook-id']}x` } }],
    ['another timestamp', { headers: { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) } }],
    ['another secret', { secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64') }],
  ])('is refused with %s', (_, change: Partial<Signed>) => {
    const changed = { secret, body, headers, ...change };
    expect(() => new Webhook(changed.secret).verify(changed.body, changed.headers)).toThrow(WebhookVerificationError);
  });
});

describe('signed.json', () => {
  it("holds the specification's own test vector", () => {
    expect(deliveries[0]).toEqual({
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      body: '{"test": 2432232314}',
      headers: {
        'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
        'webhook-timestamp': '1614265330',
      },
    });
  });
});
