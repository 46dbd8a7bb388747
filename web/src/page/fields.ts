// What a customer's fields may hold, as the service's contract says (docs/contract.md, "What a field may hold"): tidying what is typed before it is sent, and linking a contact only when it is a phone number or a plain e-mail address.
import { telHref } from './parts';

/** Control and format characters (bidirectional controls, zero-width characters): no name or contact holds one. */
const unallowed = /[\p{Cc}\p{Cf}]/u;

/**
 * tidyLine is a name or contact as the page sends it: a pasted tab or line break becomes a space,
 * a format character (a zero-width space, a bidirectional control) is dropped, and the ends are trimmed.
 */
export function tidyLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').replace(/\p{Cf}/gu, '').trim();
}

/**
 * tidyWords is the customer's words as the page sends them: line feeds and tabs stay, a carriage
 * return or another control character becomes a space, a format character is dropped, and the
 * ends are trimmed.
 */
export function tidyWords(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]+/gu, ' ')
    .replace(/\p{Cf}/gu, '')
    .trim();
}

/** The characters an e-mail address's local part may hold beside the dots: RFC 5322's atext without ? and %. */
const atom = "[A-Za-z0-9!#$&'*+\\-/=^_`{|}~]+";
const localPart = new RegExp(`^${atom}(?:\\.${atom})*$`);
const label = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * asciiDomain is an e-mail address's domain in its ASCII form, as the service reads it: a domain
 * written in Unicode ("müller.de") becomes IDNA's "xn--mller-kva.de", through the browser's own
 * URL parser (UTS 46); null when it can't be a host name.
 */
export function asciiDomain(domain: string): string | null {
  if (/^[\x21-\x7e]*$/.test(domain)) {
    return domain;
  }
  if (/[\s/?#:@\\%\[\]]/u.test(domain)) {
    return null;
  }
  try {
    const host = new URL(`http://${domain}/`).hostname;
    return /^[\x21-\x7e]+$/.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** isEmail says whether contact is an e-mail address as the service reads one: one @, an ASCII dotted local part, a domain (read in its ASCII form) of two or more host-name labels, the last not all digits. */
export function isEmail(contact: string): boolean {
  const at = contact.indexOf('@');
  if (at < 0 || contact.indexOf('@', at + 1) >= 0) {
    return false;
  }
  const local = contact.slice(0, at);
  const domain = asciiDomain(contact.slice(at + 1));
  if (domain === null) {
    return false;
  }
  if (local.length > 64 || !localPart.test(local) || domain.length > 253) {
    return false;
  }
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => l.length <= 63 && label.test(l)) && !/^[0-9]+$/.test(labels[labels.length - 1] ?? '');
}

/** isPhone says whether contact is a phone number as the service reads one: 6 to 20 ASCII digits, with spaces, +, -, (, ) and . and nothing else. */
export function isPhone(contact: string): boolean {
  const digits = contact.replace(/[^0-9]/g, '').length;
  return /^[0-9 +\-().]*$/.test(contact) && digits >= 6 && digits <= 20;
}

/**
 * contactHref links a contact as the customer wrote it, only when it passes the service's rules: an
 * e-mail address as a mailto: link to that one address, percent-encoded, or a phone number as a
 * tel: link. Anything else (a contact kept from before those rules, such as one with ?bcc= or a
 * bidirectional control) is no link, and the page shows it as text.
 */
export function contactHref(contact: string): string | null {
  if (contact.length > 200 || unallowed.test(contact)) {
    return null;
  }
  if (isEmail(contact)) {
    const at = contact.indexOf('@');
    return `mailto:${encodeURIComponent(contact.slice(0, at))}@${encodeURIComponent(asciiDomain(contact.slice(at + 1)) ?? '')}`;
  }
  return isPhone(contact) ? telHref(contact) : null;
}
