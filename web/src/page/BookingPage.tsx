// The address-driven page, for a server without calendars: the salon, its open times, the customer's words, the question as a choice of times, and the outcome in words.
import { useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { answerQuestion, askForTime } from '../booking/slice';
import type { BookingState, Choice, Flow } from '../booking/slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { Announcer, ToldCard, useFocusOnMount } from './parts';
import { outcomeWords, toldFailure } from './words';

export function BookingPage() {
  const booking = useAppSelector((state) => state.booking);
  const { salon, openSlots, booked, flow, inFlight } = booking;
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState('');
  const askButton = useRef<HTMLButtonElement>(null);
  const ask = () => void dispatch(askForTime({ message: message.trim() }));
  const askAgain = () => {
    askButton.current?.focus();
    ask();
  };

  return (
    <main>
      <header>
        <p className="eyebrow">Book a time at</p>
        <h1>{salon}</h1>
      </header>

      <section aria-labelledby="open-times">
        <h2 id="open-times">Open times</h2>
        {openSlots.length === 0 ? (
          <p>Nothing is open right now.</p>
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
          <h2 id="your-bookings">Your bookings</h2>
          <ul className="times booked" aria-labelledby="your-bookings">
            {booked.map((slot) => (
              <li key={slot}>{slot}</li>
            ))}
          </ul>
        </section>
      )}

      <AskForm
        message={message}
        onChange={setMessage}
        onAsk={ask}
        locked={flow.phase === 'asking'}
        asking={inFlight === 'round one'}
        askButton={askButton}
      />

      {flow.phase === 'asking' && <QuestionForm key={flow.requestState} flow={flow} sending={inFlight === 'round two'} />}

      <Result flow={flow} onAskAgain={askAgain} />

      <Announcer text={announcement(booking)} moment={flow} />
    </main>
  );
}

/** announcement is what the live region says about where the booking is. */
function announcement({ flow, inFlight }: BookingState): string {
  if (inFlight === 'round one') {
    return 'Asking the salon for a time…';
  }
  if (inFlight === 'round two') {
    return 'Sending your answer…';
  }
  switch (flow.phase) {
    case 'idle':
      return '';
    case 'asking': {
      if (flow.trouble !== null) {
        const told = toldFailure(flow.trouble, 'round two');
        return `${told.headline} ${told.next}`;
      }
      return `${flow.question.message} ${flow.question.times.join(', or ')}, or no thanks.`;
    }
    case 'done':
      return `${outcomeWords(flow.outcome)} “${flow.outcome.say}”`;
    case 'failed': {
      const told = toldFailure(flow.failure, flow.round);
      return `${told.headline} ${told.next}`;
    }
  }
}

interface AskFormProps {
  message: string;
  onChange: (message: string) => void;
  onAsk: () => void;
  locked: boolean;
  asking: boolean;
  askButton: RefObject<HTMLButtonElement | null>;
}

function AskForm({ message, onChange, onAsk, locked, asking, askButton }: AskFormProps) {
  const words = useId();
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!asking && !locked) {
      onAsk();
    }
  };
  // While round one is out, the button keeps focus and says so; disabling it would drop focus to the page.
  return (
    <form className="card" onSubmit={ask} aria-busy={asking} aria-label="Ask for a time">
      <fieldset disabled={locked}>
        <label htmlFor={words}>What would you like?</label>
        <textarea
          id={words}
          name="words"
          rows={3}
          maxLength={1000}
          required
          readOnly={asking}
          placeholder="A cut on Saturday morning?"
          value={message}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="submit" ref={askButton} aria-disabled={asking}>
          {asking ? 'Asking…' : 'Ask for a time'}
        </button>
      </fieldset>
    </form>
  );
}

const noThanks = 'no-thanks';

function QuestionForm({ flow, sending }: { flow: Extract<Flow, { phase: 'asking' }>; sending: boolean }) {
  const dispatch = useAppDispatch();
  const [picked, setPicked] = useState('');
  // The question appears where the customer isn't looking: take them to it.
  const group = useFocusOnMount<HTMLFieldSetElement>();
  const name = useId();
  const { question, trouble } = flow;

  const answer = (event: FormEvent) => {
    event.preventDefault();
    if (sending) {
      return;
    }
    const time = question.times.find((_, i) => `offer-${i}` === picked);
    const choice: Choice | undefined = picked === noThanks ? { kind: 'decline' } : time === undefined ? undefined : { kind: 'accept', time };
    if (choice !== undefined) {
      void dispatch(answerQuestion(choice));
    }
  };

  return (
    <form className="card question" onSubmit={answer} aria-busy={sending} aria-label="The salon's question">
      {trouble !== null && <ToldCard told={toldFailure(trouble, 'round two')} tone="bad" />}
      <fieldset ref={group} tabIndex={-1}>
        <legend>{question.message}</legend>
        {question.times.map((time, i) => (
          <label key={time} className="choice">
            <input type="radio" name={name} value={`offer-${i}`} required checked={picked === `offer-${i}`} onChange={() => setPicked(`offer-${i}`)} />
            <span>{time}</span>
          </label>
        ))}
        <label className="choice">
          <input type="radio" name={name} value={noThanks} required checked={picked === noThanks} onChange={() => setPicked(noThanks)} />
          <span>No thanks</span>
        </label>
      </fieldset>
      <button type="submit" aria-disabled={sending}>
        {sending ? 'Sending…' : trouble !== null ? 'Send my answer again' : 'Send my answer'}
      </button>
    </form>
  );
}

function Result({ flow, onAskAgain }: { flow: Flow; onAskAgain: () => void }) {
  switch (flow.phase) {
    case 'idle':
    case 'asking':
      return null;
    case 'done':
      return (
        <DoneCard key={JSON.stringify(flow.outcome)} good={flow.outcome.kind === 'booked'} heading={outcomeWords(flow.outcome)} say={flow.outcome.say} />
      );
    case 'failed': {
      const told = toldFailure(flow.failure, flow.round);
      return (
        <ToldCard key={`${flow.round} ${flow.failure.problem}`} told={told} tone="bad">
          {told.step !== 'none' && (
            <button type="button" onClick={onAskAgain}>
              {told.step === 'try again' ? 'Try again' : 'Ask again'}
            </button>
          )}
        </ToldCard>
      );
    }
  }
}

function DoneCard({ good, heading, say }: { good: boolean; heading: string; say: string }) {
  // When a booking ends, the form the customer was in is gone: bring focus to what happened.
  const title = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={`card outcome ${good ? 'good' : 'plain'}`} aria-label="What happened">
      <h2 ref={title} tabIndex={-1}>
        {heading}
      </h2>
      <p>
        The salon says: <q>{say}</q>
      </p>
    </section>
  );
}
