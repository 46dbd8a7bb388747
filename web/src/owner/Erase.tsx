// Erasing a customer's details after a confirmation.
import { say } from '../i18n/say';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Salon } from '../calendar/decode';
import { Announcer, Confirm } from '../page/parts';
import { troubleWords } from '../page/words';
import { FieldError, NoticeCard, useNotice } from './common';

/** Erase erases the name, contact and words of every booking of one customer, after a confirmation; the bookings stay as spans. */
export function Erase({ salon }: { salon: Salon }) {
  const [erase, erasing] = bookingApi.endpoints.eraseCustomer.useMutation();
  const [contact, setContact] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, tell] = useNotice();
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const id = useId();
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (contact.trim() !== '' && !erasing.isLoading) {
      setConfirming(contact.trim());
    }
  };
  const go = async (who: string) => {
    setConfirming(null);
    try {
      const done = await erase({ salon: salon.salon, contactRequest: { contact: who } }).unwrap();
      setRefused(undefined);
      if (done.ok) {
        setContact('');
        tell({
          text: say('extras.erased', { count: done.value, who }),
          bad: false,
          focus: true,
        });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      const trouble = error as Trouble;
      if (trouble.kind === 'refused' && trouble.reason === 'field' && trouble.said !== undefined) {
        setRefused(say('extras.notErased', { why: trouble.said }));
      } else {
        tell({ text: troubleWords(trouble), bad: true, focus: true });
      }
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.erase')}</h2>
      <p>{say('extras.eraseIntro')}</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      <form className="card" onSubmit={ask} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-contact`}>{say('extras.eraseContact')}</label>
          <input
            id={`${id}-contact`}
            required
            maxLength={200}
            value={contact}
            aria-invalid={refused === undefined ? undefined : true}
            aria-describedby={refused === undefined ? undefined : `${id}-error`}
            onChange={(event) => setContact(event.target.value)}
          />
          <FieldError id={`${id}-error`} words={refused} />
        </div>
        {confirming === null ? (
          <button type="submit" className="danger" aria-disabled={erasing.isLoading}>
            {erasing.isLoading ? say('extras.erasing') : say('extras.eraseButton')}
          </button>
        ) : (
          <Confirm
            question={say('extras.eraseConfirm', { contact: confirming })}
            yes={say('extras.eraseYes')}
            onYes={() => void go(confirming)}
            onNo={() => setConfirming(null)}
          />
        )}
      </form>
      <Announcer text={refused ?? notice?.notice.text ?? ''} moment={refused ?? notice?.seq ?? null} />
    </section>
  );
}
