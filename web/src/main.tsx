// The app's entry: reads which page the address asks for, makes the store, keeps the owner's token for this tab, and renders the page.
import { localStore, sessionStore } from './page/storage';
import { LanguagePicker } from './i18n/LanguagePicker';
import { say, startLanguage, useSay } from './i18n/say';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { embedderOf, tellHeight } from './page/embedded';
import { fromAddress } from './page/fromAddress';
import { HomePage } from './page/HomePage';
import { LoadingPage } from './page/parts';
import { keepOwnerToken, recallOwnerToken } from './page/remember';
import { keyOf, routeOf } from './page/route';
import type { Route } from './page/route';
import { SalonPage } from './booking/SalonPage';
import { listenForFocus, makeStore } from './store';
import './page/styles.css';

// The owner's page and the my-booking page are their own chunks, so a customer's first visit doesn't carry them.
const OwnerPage = lazy(() => import('./owner/OwnerPage').then(async (page) => (await page.ready, page)));
const MyBookingPage = lazy(() => import('./my/MyBookingPage'));

const route = routeOf(window.location.pathname, window.location.search);
const start = fromAddress(window.location.search);
const store = makeStore({
  origin: window.location.origin,
  ...start,
  visitSalon: route.page === 'salon' ? route.salon : '',
  ownerToken: route.page === 'owner' ? recallOwnerToken(sessionStore()) : null,
  // The manage key lives in the fragment, which no request line or Referer carries; it goes only in the Authorization header.
  own: route.page === 'my' ? { salon: route.salon, booking: route.booking, key: keyOf(window.location.hash) } : undefined,
});
listenForFocus(store);

if (route.page === 'owner') {
  // The token lives in sessionStorage for this tab only, and goes as soon as the service refuses it.
  let kept = store.getState().owner.token;
  store.subscribe(() => {
    const token = store.getState().owner.token;
    if (token !== kept) {
      kept = token;
      keepOwnerToken(sessionStore(), token);
    }
  });
}


function titleOf(at: Route): string {
  switch (at.page) {
    case 'home':
      return say('page.eyebrow');
    case 'salon':
      return say('title.salon', { salon: at.salon });
    case 'my':
      return say('title.my');
    case 'owner':
      return say('title.owner');
    case 'no such page':
      return say('title.noSuchPage');
  }
}

function Page({ at }: { at: Route }) {
  // Every page renders again in the language picked.
  useSay();
  return (
    <>
      <Shown at={at} />
      <LanguagePicker />
    </>
  );
}

function Shown({ at }: { at: Route }) {
  switch (at.page) {
    case 'home':
      return <HomePage />;
    case 'salon':
      return <SalonPage salon={at.salon} {...(at.paid === undefined ? {} : { paid: at.paid })} />;
    case 'my':
      return (
        <Suspense fallback={<LoadingPage doing={say('loading.booking')} />}>
          <MyBookingPage salon={at.salon} booking={at.booking} />
        </Suspense>
      );
    case 'owner':
      return (
        <Suspense fallback={<LoadingPage doing={say('loading.owner')} />}>
          <OwnerPage />
        </Suspense>
      );
    case 'no such page':
      return (
        <main>
          <h1>{say('title.noSuchPage')}</h1>
          <p>
            <a href="/">{say('salons.seeAll')}</a>
          </p>
        </main>
      );
  }
}

// In a salon's own site, the frame the embed script made takes the page's height.
const embedder = route.page === 'salon' ? embedderOf(window.location.search) : null;
if (embedder !== null) {
  tellHeight(window, embedder);
}

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root');
}
// The page opens in its language, fetched first when it isn't English, and keeps its title in it.
void startLanguage(localStore(), navigator.languages).then(() => {
  document.title = titleOf(route);
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <Page at={route} />
      </Provider>
    </StrictMode>,
  );
});
