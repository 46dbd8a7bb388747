// The page's entry: reads the salon from the address, makes the store, and renders the booking page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BookingPage } from './page/BookingPage';
import { fromAddress } from './page/fromAddress';
import { makeStore } from './store';
import './page/styles.css';

const start = fromAddress(window.location.search);
const store = makeStore({ origin: window.location.origin, ...start });
document.title = `Book a time at ${start.salon}`;

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root');
}
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <BookingPage />
    </Provider>
  </StrictMode>,
);
