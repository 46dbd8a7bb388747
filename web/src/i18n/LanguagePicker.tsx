// The picker of the page's language: each shipped language by its own name, remembered on this device.
import { localStore } from '../page/storage';
import { useId } from 'react';
import { endonyms, isShipped, language, pick, say, shipped, useSay } from './say';

/** LanguagePicker lets the customer read the page in another shipped language. */
export function LanguagePicker() {
  useSay();
  const id = useId();
  return (
    <footer className="language">
      <label htmlFor={id}>{say('language.label')}</label>{' '}
      <select
        id={id}
        value={language()}
        onChange={(event) => {
          const next = event.target.value;
          if (isShipped(next)) {
            void pick(localStore(), next);
          }
        }}
      >
        {shipped.map((code) => (
          <option key={code} value={code} lang={code}>
            {endonyms[code]}
          </option>
        ))}
      </select>
    </footer>
  );
}
