// The salon's question on both booking pages: the offered times and "No thanks" as one radio group that takes focus, the trouble that kept it, and the button that sends the answer.
import { when } from '../calendar/zone';
import { say } from '../i18n/say';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Question } from './decode';
import type { Failure } from './failure';
import type { Choice } from './round';
import { ToldCard, useFocusOnMount } from '../page/parts';
import { toldFailure } from '../page/words';

/** What QuestionForm shows and whom it tells the answer. */
export interface QuestionFormProps {
  readonly question: Question;
  /** Each offered time's label, where the page has one; a time without one shows as itself. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Why the last answer didn't go through while the question stays, else null. */
  readonly trouble: Failure | null;
  /** Round two is out: the button says so and sends nothing more. */
  readonly sending: boolean;
  /** The salon's name and phone, for a trouble that offers to call. */
  readonly salon?: { readonly name: string; readonly phone: string };
  readonly onAnswer: (choice: Choice) => void;
  /** A time to have picked already, when the question offers it: the one the customer tapped. */
  readonly preselect?: string | null;
}

const noThanks = 'no-thanks';

/**
 * QuestionForm asks the salon's question and hands the customer's choice to onAnswer, once a time
 * or "No thanks" is picked. Mount it anew (a new key) for each question, so nothing stays picked.
 */
export function QuestionForm({ question, labels, trouble, sending, salon, onAnswer, preselect = null }: QuestionFormProps) {
  const [picked, setPicked] = useState(() => {
    const at = preselect === null ? -1 : question.times.indexOf(preselect);
    return at < 0 ? '' : `offer-${at}`;
  });
  // The question appears where the customer isn't looking: take them to it.
  const group = useFocusOnMount<HTMLFieldSetElement>();
  const name = useId();

  const answer = (event: FormEvent) => {
    event.preventDefault();
    if (sending) {
      return;
    }
    const time = question.times.find((_, i) => `offer-${i}` === picked);
    const choice: Choice | undefined = picked === noThanks ? { kind: 'decline' } : time === undefined ? undefined : { kind: 'accept', time };
    if (choice !== undefined) {
      onAnswer(choice);
    }
  };

  return (
    <form className="card question" onSubmit={answer} aria-busy={sending} aria-label={say('question.form')}>
      {trouble !== null && <ToldCard key={trouble.kind} told={toldFailure(trouble, 'round two')} tone="bad" salon={salon} />}
      <fieldset ref={group} tabIndex={-1}>
        <legend>{question.message}</legend>
        {question.times.map((time, i) => (
          <label key={time} className="choice">
            <input type="radio" name={name} value={`offer-${i}`} required checked={picked === `offer-${i}`} onChange={() => setPicked(`offer-${i}`)} />
            <span>{when(time, labels?.[time] ?? time)}</span>
          </label>
        ))}
        <label className="choice">
          <input type="radio" name={name} value={noThanks} required checked={picked === noThanks} onChange={() => setPicked(noThanks)} />
          <span>{say('question.noThanks')}</span>
        </label>
      </fieldset>
      <button type="submit" aria-disabled={sending}>
        {sending ? say('question.sending') : trouble !== null ? say('question.sendAgain') : say('question.send')}
      </button>
    </form>
  );
}
