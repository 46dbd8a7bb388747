// Strict decoders of the owner's other replies: webhooks and their deliveries, the feed's address, the audit, and an erasure's count.
import { Problem, fields, instant, list, maybeInstant, maybeText, text, texts, verdict, whole } from '../api/strict';
import type { Verdict } from '../api/strict';

/** The event types a webhook can take, as the service names them. */
export const eventTypes = ['booking.created', 'booking.cancelled', 'booking.moved'] as const;
export type EventType = (typeof eventTypes)[number];

/** A webhook as the owner's list shows it: never its secret. */
export interface Webhook {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  /** When a delivery was last made, RFC 3339; null when none was. */
  readonly lastDelivery: string | null;
  /** How many events it was given up on. */
  readonly failures: number;
}

/** A webhook as a put answers it: with its secret, once, when the put created it. */
export interface PutWebhook {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly secret: string | null;
}

/** A message to a customer that was not sent: its contact had been sent the day's bound already. */
export interface DroppedMessage {
  readonly booking: string;
  /** The change it would have told of: booking.created, booking.cancelled or booking.moved. */
  readonly event: string;
  /** mail or reminder. */
  readonly kind: string;
  readonly at: string;
}

/** One owner's action, as the audit records it. */
export interface AuditLine {
  readonly at: string;
  /** A key's id, or operator. */
  readonly by: string;
  readonly action: string;
  readonly booking: string | null;
  readonly detail: string | null;
}

function readWebhook(item: unknown, at: string): Webhook {
  const raw = fields(item, at);
  return {
    id: text(raw, 'id', at, { empty: false }),
    url: text(raw, 'url', at, { empty: false }),
    events: texts(raw, 'events', at),
    lastDelivery: maybeInstant(raw, 'lastDelivery', at),
    failures: whole(raw, 'failures', at),
  };
}

/** decodeWebhooks reads GET /salons/{salon}/webhooks. */
export function decodeWebhooks(body: unknown): Verdict<readonly Webhook[]> {
  return verdict(() => list(fields(body, 'the webhooks'), 'webhooks', 'the webhooks').map((item, i) => readWebhook(item, `the webhooks[${i}]`)));
}

/** decodeDropped reads GET /salons/{salon}/messages/dropped, newest first. */
export function decodeDropped(body: unknown): Verdict<readonly DroppedMessage[]> {
  return verdict(() =>
    list(fields(body, 'the dropped messages'), 'dropped', 'the dropped messages').map((item, i) => {
      const at = `the dropped messages[${i}]`;
      const raw = fields(item, at);
      return {
        booking: text(raw, 'booking', at, { empty: false }),
        event: text(raw, 'event', at, { empty: false }),
        kind: text(raw, 'kind', at, { empty: false }),
        at: instant(raw, 'at', at),
      };
    }),
  );
}

/** decodePutWebhook reads PUT /salons/{salon}/webhooks/{id}. */
export function decodePutWebhook(body: unknown): Verdict<PutWebhook> {
  return verdict(() => {
    const where = 'the webhook';
    const raw = fields(body, where);
    const secret = maybeText(raw, 'secret', where, { empty: false });
    if (secret !== null && !secret.startsWith('whsec_')) {
      throw new Problem(`${where}.secret does not start with whsec_`);
    }
    return { id: text(raw, 'id', where, { empty: false }), url: text(raw, 'url', where, { empty: false }), events: texts(raw, 'events', where), secret };
  });
}

/** decodeFeed reads POST /salons/{salon}/feed: the new address, which must be a web address. */
export function decodeFeed(body: unknown): Verdict<string> {
  return verdict(() => {
    const url = text(fields(body, 'the feed'), 'url', 'the feed', { empty: false });
    if (!/^https?:\/\//.test(url)) {
      throw new Problem('the feed.url is not a web address');
    }
    return url;
  });
}

/** decodeAudit reads GET /salons/{salon}/audit, newest first. */
export function decodeAudit(body: unknown): Verdict<readonly AuditLine[]> {
  return verdict(() =>
    list(fields(body, 'the audit'), 'entries', 'the audit').map((item, i) => {
      const at = `the audit.entries[${i}]`;
      const raw = fields(item, at);
      return {
        at: instant(raw, 'at', at),
        by: text(raw, 'by', at, { empty: false }),
        action: text(raw, 'action', at, { empty: false }),
        booking: maybeText(raw, 'booking', at),
        detail: maybeText(raw, 'detail', at),
      };
    }),
  );
}

/** decodeErased reads POST /salons/{salon}/customers/erase: how many bookings' details were erased. */
export function decodeErased(body: unknown): Verdict<number> {
  return verdict(() => whole(fields(body, 'the erasure'), 'erased', 'the erasure'));
}
