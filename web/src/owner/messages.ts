// The owner's page's own messages, apart from the customer's pages' so a customer's first visit doesn't carry them: fetched with the owner's page in the language spoken, and in each one picked after.
import { addPart } from '../i18n/say';

/** ready settles once the owner's page's messages are in: the page is shown only then. */
export const ready = addPart({
  en: () => import('virtual:messages/owner/en'),
  de: () => import('virtual:messages/owner/de'),
  fr: () => import('virtual:messages/owner/fr'),
  es: () => import('virtual:messages/owner/es'),
});
