// The customer's page: the salon, its open times, the customer's words, the question as a choice of times, and the outcome in words.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { answerQuestion, askForTime } from '../booking/slice';
import type { Choice, Flow } from '../booking/slice';
import type { Question } from '../booking/decode';
import { useAppDispatch, useAppSelector } from '../hooks';
import { failureWords, outcomeWords } from './words';

export function BookingPage() {
  const { salon, openSlots, booked, flow, inFlight } = useAppSelector((state) => state.booking);
  const pending = inFlight === 'round one' ? 'Asking the salon for a time…' : inFlight === 'round two' ? 'Sending your answer…' : '';

  return (
    <main aria-busy={inFlight !== null}>
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

      <AskForm locked={inFlight !== null || flow.phase === 'asking'} asking={inFlight === 'round one'} />

      {flow.phase === 'asking' && <QuestionForm key={flow.requestState} question={flow.question} sending={inFlight === 'round two'} />}

      <p className="pending" role="status">
        {pending}
      </p>

      <Result flow={flow} />
    </main>
  );
}

function AskForm({ locked, asking }: { locked: boolean; asking: boolean }) {
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState('');
  const words = useId();

  const ask = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(askForTime({ message: message.trim() }));
  };

  return (
    <form className="card" onSubmit={ask}>
      <fieldset disabled={locked}>
        <label htmlFor={words}>What would you like?</label>
        <textarea
          id={words}
          name="words"
          rows={3}
          maxLength={1000}
          required
          placeholder="A cut on Saturday morning?"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <button type="submit">{asking ? 'Asking…' : 'Ask for a time'}</button>
      </fieldset>
    </form>
  );
}

const noThanks = 'no-thanks';

function QuestionForm({ question, sending }: { question: Question; sending: boolean }) {
  const dispatch = useAppDispatch();
  const [picked, setPicked] = useState('');
  const group = useRef<HTMLFieldSetElement>(null);
  const name = useId();

  // The question appears where the customer isn't looking: take them to it.
  useEffect(() => {
    group.current?.focus();
  }, []);

  const answer = (event: FormEvent) => {
    event.preventDefault();
    const index = question.times.findIndex((_, i) => `offer-${i}` === picked);
    const time = question.times[index];
    const choice: Choice | undefined =
      picked === noThanks ? { kind: 'decline' } : time === undefined ? undefined : { kind: 'accept', time };
    if (choice !== undefined) {
      void dispatch(answerQuestion(choice));
    }
  };

  return (
    <form className="card question" onSubmit={answer}>
      <fieldset ref={group} tabIndex={-1} disabled={sending}>
        <legend>{question.message}</legend>
        {question.times.map((time, i) => (
          <label key={time} className="choice">
            <input
              type="radio"
              name={name}
              value={`offer-${i}`}
              required
              checked={picked === `offer-${i}`}
              onChange={() => setPicked(`offer-${i}`)}
            />
            <span>{time}</span>
          </label>
        ))}
        <label className="choice">
          <input
            type="radio"
            name={name}
            value={noThanks}
            required
            checked={picked === noThanks}
            onChange={() => setPicked(noThanks)}
          />
          <span>No thanks</span>
        </label>
        <button type="submit">{sending ? 'Sending…' : 'Send my answer'}</button>
      </fieldset>
    </form>
  );
}

function Result({ flow }: { flow: Flow }) {
  const outcome = useRef<HTMLDivElement>(null);

  // When a booking ends, the form the customer was in may be gone: bring focus to what happened.
  useEffect(() => {
    if (flow.phase === 'done' || flow.phase === 'failed') {
      outcome.current?.focus();
    }
  }, [flow]);

  switch (flow.phase) {
    case 'idle':
    case 'asking':
      return null;
    case 'done':
      return (
        <div ref={outcome} tabIndex={-1} className={`card outcome ${flow.outcome.kind === 'booked' ? 'good' : ''}`}>
          <h2>{outcomeWords(flow.outcome)}</h2>
          <p>
            The salon says: <q>{flow.outcome.say}</q>
          </p>
        </div>
      );
    case 'failed':
      return (
        <div ref={outcome} tabIndex={-1} className="card outcome bad" role="alert">
          <h2>{failureWords(flow.failure)}</h2>
          <p>You can ask again.</p>
        </div>
      );
  }
}
