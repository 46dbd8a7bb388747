// The address-driven page, for a server without calendars: the salon, its open times, the customer's words, the question as a choice of times, and the outcome in words.
import { Said } from '../i18n/Said';
import { say } from '../i18n/say';
import { useId, useRef, useState } from 'react';
import { answerQuestion, askForTime } from './slice';
import type { Flow } from './slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { AskForm, WordsField } from './AskForm';
import { tidyWords } from '../page/fields';
import { Announcer, PageHeader, ToldCard, useFocusOnMount } from '../page/parts';
import { QuestionForm } from './QuestionForm';
import { announcement, outcomeWords, toldFailure } from '../page/words';

export function BookingPage() {
  const booking = useAppSelector((state) => state.booking);
  const { salon, openSlots, booked, flow, inFlight } = booking;
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState('');
  const words = useId();
  const askButton = useRef<HTMLButtonElement>(null);
  const ask = () => void dispatch(askForTime({ message: tidyWords(message) }));
  const askAgain = () => {
    askButton.current?.focus();
    ask();
  };

  return (
    <main>
      <PageHeader eyebrow={say('salon.eyebrow')} title={salon} />

      <section aria-labelledby="open-times">
        <h2 id="open-times">{say('times.heading')}</h2>
        {openSlots.length === 0 ? (
          <p>{say('times.nothing')}</p>
        ) : (
          <ul className="times" aria-labelledby="open-times">
            {openSlots.map((slot) => (
              <li key={slot}>{slot}</li>
            ))}
          </ul>
        )}
      </section>

      {booked.length > 0 && (
        <section aria-labelledby="your-bookings">
          <h2 id="your-bookings">{say('address.yourBookings')}</h2>
          <ul className="times booked" aria-labelledby="your-bookings">
            {booked.map((slot) => (
              <li key={slot}>{slot}</li>
            ))}
          </ul>
        </section>
      )}

      <AskForm locked={flow.phase === 'asking'} asking={inFlight === 'round one'} onAsk={ask} askButton={askButton}>
        <WordsField id={words} value={message} onChange={setMessage} readOnly={inFlight === 'round one'} />
      </AskForm>

      {flow.phase === 'asking' && (
        <QuestionForm
          key={flow.requestState}
          question={flow.question}
          trouble={flow.trouble}
          sending={inFlight === 'round two'}
          onAnswer={(choice) => void dispatch(answerQuestion(choice))}
        />
      )}

      <Result flow={flow} onAskAgain={askAgain} />

      <Announcer
        text={announcement(booking, say('address.asking'), (outcome) => say('address.done', { words: outcomeWords(outcome), say: outcome.say }))}
        moment={flow}
      />
    </main>
  );
}

function Result({ flow, onAskAgain }: { flow: Flow; onAskAgain: () => void }) {
  switch (flow.phase) {
    case 'idle':
    case 'asking':
      return null;
    case 'done':
      return (
        <DoneCard key={JSON.stringify(flow.outcome)} good={flow.outcome.kind === 'booked'} heading={outcomeWords(flow.outcome)} said={flow.outcome.say} />
      );
    case 'failed': {
      const told = toldFailure(flow.failure, flow.round);
      return (
        <ToldCard key={`${flow.round} ${flow.failure.problem}`} told={told} tone="bad">
          {told.step !== 'none' && (
            <button type="button" onClick={onAskAgain}>
              {told.step === 'try again' ? say('tryAgain.button') : say('ending.askAgain')}
            </button>
          )}
        </ToldCard>
      );
    }
  }
}

function DoneCard({ good, heading, said }: { good: boolean; heading: string; said: string }) {
  // When a booking ends, the form the customer was in is gone: bring focus to what happened.
  const title = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={`card outcome ${good ? 'good' : 'plain'}`} aria-label={say('card.happened')}>
      <h2 ref={title} tabIndex={-1}>
        {heading}
      </h2>
      <p>
        <Said id="ending.salonSays" at="say">
          <q>{said}</q>
        </Said>
      </p>
    </section>
  );
}
