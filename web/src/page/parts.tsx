// Pieces every page uses: the page's heading, the live region that announces each change, focus moved on purpose, the salon's phone as a way on, a card that tells what happened, and the pages a customer sees while their page loads or when it can't be shown.
import { Said } from '../i18n/Said';
import { say } from '../i18n/say';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { Told } from './words';

/**
 * Announcer is the page's one live region. It sits outside every aria-busy container, so a screen
 * reader reads each change as it happens. A new `moment` (any value whose identity changes with
 * each event) re-announces even words heard before, such as the same failure twice.
 */
export function Announcer({ text, moment }: { text: string; moment: unknown }) {
  const [seq, setSeq] = useState(0);
  useEffect(() => {
    setSeq((n) => n + 1);
  }, [text, moment]);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      <p key={seq}>{text}</p>
    </div>
  );
}

/**
 * useFocusOnMount focuses the element it is attached to when it appears, before the browser
 * paints, so focus goes to what changed instead of falling to the page's body when the control
 * that had it goes away.
 */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** telHref is a phone number as a tel: link, keeping only what dials (digits and a leading +). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/[^0-9]/g, '')}`;
}

/** CallLine offers the salon's phone: by name and number when the page knows them. */
export function CallLine({ name, phone }: { name?: string; phone?: string }) {
  if (phone === undefined || name === undefined) {
    return <p>{say('call.instead')}</p>;
  }
  return (
    <p>
      <Said id="call.on" values={{ name }} at="phone">
        <a href={telHref(phone)}>{phone}</a>
      </Said>
    </p>
  );
}

/** How a card looks: a booking made, a problem, or neither. */
export type Tone = 'good' | 'bad' | 'plain';

/**
 * ToldCard tells one failure or outcome: its headline as the card's heading, which takes focus
 * when the card appears, then what to do next and whatever the page adds below.
 */
export function ToldCard({ told, tone, salon, children }: { told: Told; tone: Tone; salon?: { name: string; phone: string }; children?: ReactNode }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={`card outcome ${tone}`} aria-label={tone === 'bad' ? say('card.wrong') : say('card.happened')}>
      <h2 ref={heading} tabIndex={-1}>
        {told.headline}
      </h2>
      <p>{told.next}</p>
      {told.call && <CallLine name={salon?.name} phone={salon?.phone} />}
      {children}
    </section>
  );
}

/** PageHeader is a page's heading: a line that says where the customer is, the page's one h1, and whatever the page adds below. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header>
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      {children}
    </header>
  );
}

/** LoadingPage is a customer's page while what it shows is read: `doing` says what is being looked up, and is announced. */
export function LoadingPage({ doing }: { doing: string }) {
  return (
    <main>
      <PageHeader eyebrow={say('page.eyebrow')} title={doing} />
      <Announcer text={doing} moment="loading" />
    </main>
  );
}

/**
 * UnshownPage is a customer's page that couldn't be shown: its title, the headline of what went
 * wrong, announced anew at each `moment`, and below it the way on the page offers.
 */
export function UnshownPage({ title, headline, moment, children }: { title: string; headline: string; moment: unknown; children: ReactNode }) {
  return (
    <main>
      <PageHeader eyebrow={say('page.eyebrow')} title={title} />
      <section className="card outcome bad" aria-label={say('card.wrong')}>
        <h2>{headline}</h2>
        {children}
      </section>
      <Announcer text={headline} moment={moment} />
    </main>
  );
}

/** TryAgainLater is the way on after a read that failed for now: a moment's wait, then the button that reads again. */
export function TryAgainLater({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <>
      <p>{say('tryAgain.moment')}</p>
      <button type="button" onClick={onTryAgain}>
        {say('tryAgain.button')}
      </button>
    </>
  );
}

/** Confirm asks once more before an action: the question takes focus, and either answer hands it back to the page. */
export function Confirm({ question, yes, no = say('my.keep'), onYes, onNo }: { question: string; yes: string; no?: string; onYes: () => void; onNo: () => void }) {
  const asked = useFocusOnMount<HTMLParagraphElement>();
  const id = useId();
  return (
    <div className="confirm" role="group" aria-labelledby={id}>
      <p id={id} ref={asked} tabIndex={-1}>
        {question}
      </p>
      <button type="button" className="danger" onClick={onYes}>
        {yes}
      </button>
      <button type="button" className="quiet" onClick={onNo}>
        {no}
      </button>
    </div>
  );
}
