// The types of stripe.mjs, for the web app's TypeScript tests that run it.

/** A Checkout Session as the stand-in keeps it, in Stripe's own field names. */
export interface Session {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  client_reference_id: string;
  currency: string;
  amount_total: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
}

export interface Refund {
  id: string;
  payment_intent: string;
  amount: number;
}

export interface Stripe {
  readonly url: string;
  readonly secret: string;
  readonly sessions: Map<string, Session>;
  readonly refunds: Refund[];
  setHook(url: string): void;
  pay(pageURL: string): Promise<number>;
  close(): Promise<void>;
}

export function startStripe(key: string): Promise<Stripe>;
