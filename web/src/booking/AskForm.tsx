// The form round one is asked from, on both booking pages: the fields a page puts in it, the box for the customer's words, and the button that asks.
import { say } from '../i18n/say';
import type { FormEvent, ReactNode, Ref, RefObject } from 'react';
import { maxMessageChars } from '../api/bounds';

/** What AskForm holds and whom it tells to ask. */
export interface AskFormProps {
  /** The id of a visible "Ask for a time" heading the form shows and is named by; without one the form is named by a label. */
  readonly headingId?: string;
  /** The visible heading's words; "Ask for a time" when left out. */
  readonly heading?: string | undefined;
  /** A question is waiting: the fields asked with are fixed until it is answered. */
  readonly locked: boolean;
  /** Round one is out: the button says so and asks nothing more. */
  readonly asking: boolean;
  readonly onAsk: () => void;
  /** The button that asks, for a page that moves focus to it before asking again. */
  readonly askButton: RefObject<HTMLButtonElement | null>;
  /** The page's fields, above the button. */
  readonly children: ReactNode;
}

/** AskForm calls onAsk when the customer asks, unless round one is out or a question is waiting. */
export function AskForm({ headingId, heading = say('ask.heading'), locked, asking, onAsk, askButton, children }: AskFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asking && !locked) {
      onAsk();
    }
  };
  const named = headingId === undefined ? { 'aria-label': say('ask.heading') } : { 'aria-labelledby': headingId };
  // While round one is out, the button keeps focus and says so; disabling it would drop focus to the page.
  return (
    <form className="card" onSubmit={submit} aria-busy={asking} {...named}>
      {headingId !== undefined && <h2 id={headingId}>{heading}</h2>}
      <fieldset disabled={locked}>
        {children}
        <button type="submit" ref={askButton} aria-disabled={asking}>
          {asking ? say('ask.asking') : say('ask.heading')}
        </button>
      </fieldset>
    </form>
  );
}

/** What WordsField shows and where it sends what is typed. */
export interface WordsFieldProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (words: string) => void;
  /** Round one is out: the words stay as they were sent, and the box keeps focus. */
  readonly readOnly: boolean;
  /** The box itself, for a page that moves focus to it. */
  readonly box?: Ref<HTMLTextAreaElement>;
  /** Whether the words may be left out; the label says so. */
  readonly optional?: boolean;
}

/** WordsField is the labelled box for the customer's words, "What would you like?". */
export function WordsField({ id, value, onChange, readOnly, box, optional = false }: WordsFieldProps) {
  return (
    <>
      <label htmlFor={id}>
        {say('ask.words')}
        {optional && <span className="optional"> {say('ask.optional')}</span>}
      </label>
      <textarea
        id={id}
        ref={box}
        name="words"
        rows={3}
        maxLength={maxMessageChars}
        required={!optional}
        readOnly={readOnly}
        placeholder={optional ? say('ask.placeholderMenu') : say('ask.placeholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
