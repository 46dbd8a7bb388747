// The owner's calendar feed: its address, and a button that replaces it after a confirmation.
import { say } from '../i18n/say';
import { useId, useState } from 'react';
import { bookingApi } from '../api/booking';
import type { Trouble } from '../api/booking';
import type { Salon } from '../calendar/decode';
import { Announcer, Confirm } from '../page/parts';
import { troubleWords } from '../page/words';
import { NoticeCard, useNotice } from './common';

/** Feed makes the salon's calendar feed address; a new one replaces the old, after a confirmation. */
export function Feed({ salon }: { salon: Salon }) {
  const [make, making] = bookingApi.endpoints.newFeed.useMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, tell] = useNotice();
  const id = useId();
  const replace = async () => {
    setConfirming(false);
    try {
      const made = await make({ salon: salon.salon }).unwrap();
      if (made.ok) {
        setUrl(made.value);
        tell({ text: say('extras.feedReady'), bad: false, focus: true });
      } else {
        tell({ text: troubleWords(undefined), bad: true, focus: true });
      }
    } catch (error) {
      tell({ text: troubleWords(error as Trouble), bad: true, focus: true });
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say('owner.section.feed')}</h2>
      <p>{say('extras.feedIntro')}</p>
      {notice !== null && <NoticeCard key={notice.seq} notice={notice.notice} />}
      {url !== null && (
        <div className="field">
          <label htmlFor={`${id}-url`}>{say('extras.feedUrl')}</label>
          <input id={`${id}-url`} readOnly value={url} onFocus={(event) => event.target.select()} />
        </div>
      )}
      {confirming ? (
        <Confirm
          question={say('extras.feedConfirm')}
          yes={say('extras.feedYes')}
          no={say('extras.feedNo')}
          onYes={() => void replace()}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <button type="button" aria-disabled={making.isLoading} onClick={() => !making.isLoading && setConfirming(true)}>
          {making.isLoading ? say('extras.making') : url === null ? say('extras.makeFeed') : say('extras.replaceFeed')}
        </button>
      )}
      <Announcer text={notice?.notice.text ?? ''} moment={notice?.seq ?? null} />
    </section>
  );
}
