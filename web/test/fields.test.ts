// What a customer's fields may hold on the page: the owner's page links a contact only when it passes the service's rules, encoded, and the customer's page tidies what is typed before it is sent.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { asciiDomain, contactHref, isEmail, isPhone, tidyLine, tidyWords } from '../src/page/fields';
import { Who } from '../src/owner/OwnerPage';

/** The characters no contact may hold: controls, bidirectional controls, zero-width characters and the other format characters. */
const unallowed = ['\u0000', '\u001b', '\n', '\t', '\r', '\u007f', '\u0085', '\u202e', '\u202d', '\u2067', '\u2069', '\u200f', '\u200e', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u{e0041}'];

describe('Scenario: the owner’s page links a contact only when it is a phone number or an e-mail address', () => {
  it.each([
    ['ada@example.com', 'mailto:ada@example.com'],
    ['Ada.Lovelace+salon@mail.Example.co.uk', 'mailto:Ada.Lovelace%2Bsalon@mail.Example.co.uk'],
    ["o'brien@example.ie", "mailto:o'brien@example.ie"],
    ['a#b&c=d/e@example.com', 'mailto:a%23b%26c%3Dd%2Fe@example.com'],
    ['+44 7700 900123', 'tel:+447700900123'],
    ['(020) 7946-0000', 'tel:02079460000'],
    ['020.7946.0000', 'tel:02079460000'],
  ])('links %s as %s', (contact, href) => {
    expect(contactHref(contact)).toBe(href);
  });

  it.each([
    'a@b.example?bcc=attacker@evil.example',
    'a@b.example?cc=x',
    'a%40evil.example@b.example',
    'a@b@c.example',
    'a@localhost',
    'a@192.0.2.1',
    'a@[192.0.2.1]',
    'a b@b.example',
    '"a b"@b.example',
    'josé@example.com',
    'mailto:a@b.example',
    'javascript:alert(1)//@b.example',
    '12345',
    'call me on 07700 900123',
    'x',
  ])('shows %s as text, with no link', (contact) => {
    expect(contactHref(contact)).toBeNull();
  });

  it.each(unallowed.map((c) => [JSON.stringify(c), c]))('links no contact holding %s', (_, c) => {
    expect(contactHref(`ada@example.com${c}`)).toBeNull();
    expect(contactHref(`+44 7700${c}900123`)).toBeNull();
    expect(contactHref(`${c}+44 7700 900123`)).toBeNull();
  });

  it('agrees with the service on the edges of both forms', () => {
    expect(isPhone('123456')).toBe(true);
    expect(isPhone('12345')).toBe(false);
    expect(isPhone('1'.repeat(20))).toBe(true);
    expect(isPhone('1'.repeat(21))).toBe(false);
    expect(isPhone('٠١٢٣٤٥٦٧٨٩')).toBe(false);
    expect(isEmail(`${'a'.repeat(64)}@b.example`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@b.example`)).toBe(false);
    expect(isEmail(`a@${'b'.repeat(63)}.example`)).toBe(true);
    expect(isEmail(`a@${'b'.repeat(64)}.example`)).toBe(false);
    expect(isEmail('a@xn--p1ai.xn--p1ai')).toBe(true);
    expect(isEmail('a@-b.example')).toBe(false);
    expect(isEmail('a..b@b.example')).toBe(false);
  });

  it('reads a domain written in Unicode in its ASCII form, as the service does, and refuses a Unicode local part', () => {
    expect(asciiDomain('müller.de')).toBe('xn--mller-kva.de');
    expect(isEmail('info@müller.de')).toBe(true);
    expect(isEmail('kari@blåbær.no')).toBe(true);
    expect(isEmail('jürgen@müller.de')).toBe(false);
    expect(isEmail('a@müller.de/x')).toBe(false);
    expect(isEmail('a@mü ller.de')).toBe(false);
    expect(contactHref('info@müller.de')).toBe('mailto:info@xn--mller-kva.de');
  });

  it('renders a booking’s contact as the link, and a trick contact as plain text', () => {
    const linked = renderToStaticMarkup(createElement(Who, { entry: { name: 'Ada', contact: 'ada+x@example.com', words: '' } }));
    expect(linked).toContain('<a href="mailto:ada%2Bx@example.com">ada+x@example.com</a>');
    const trick = renderToStaticMarkup(createElement(Who, { entry: { name: 'Ada', contact: 'a@b.example?bcc=attacker@evil.example', words: '' } }));
    expect(trick).not.toContain('<a');
    expect(trick).not.toContain('href');
    expect(trick).toContain('a@b.example?bcc=attacker@evil.example');
  });

  it('isolates a name, so a right-to-left override in it can’t reorder the page around it', () => {
    const shown = renderToStaticMarkup(createElement(Who, { entry: { name: 'Ada\u202eevil', contact: '+44 7700 900123', words: 'hi' } }));
    expect(shown).toContain('<bdi>Ada\u202eevil</bdi>');
    expect(shown).toContain('<a href="tel:+447700900123">+44 7700 900123</a>');
  });
});

describe('Scenario: the customer’s page tidies what is typed before it is sent', () => {
  it('turns controls in a name or contact into spaces and drops format characters', () => {
    expect(tidyLine(' Ada\tLove\u200blace\u202e ')).toBe('Ada Lovelace');
    expect(tidyLine('+44\u00a07700\n900123\ufeff')).toBe('+44\u00a07700 900123');
  });

  it('keeps line feeds and tabs in the words, and drops what the service refuses', () => {
    expect(tidyWords(' A cut\r\non Saturday?\tThanks\u0000\u200d ')).toBe('A cut\non Saturday?\tThanks');
    expect(tidyWords('A cut\u001b[31m')).toBe('A cut [31m');
  });
});
