// The store: the address-driven booking, a visit to a salon with a calendar, the customer's own booking, the owner's session, and the RTK Query api; made fresh for each page (and each test).
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { bookingApi } from './api/booking';
import type { StoreExtra } from './api/emptyApi';
import { bookingSlice, initialBooking } from './booking/slice';
import { initialVisit, visitSlice } from './calendar/visit';
import { initialOwn, ownSlice } from './my/slice';
import { initialOwner, ownerSlice } from './owner/slice';

/** Where the store talks to and what the page shows first. */
export interface StoreOptions extends StoreExtra {
  /** The address-driven page's salon (its name) and open times. */
  readonly salon: string;
  readonly openSlots: readonly string[];
  /** The salon a calendar page books at (its id); empty on other pages. */
  readonly visitSalon?: string;
  /** The owner's token kept for this tab, if any. */
  readonly ownerToken?: string | null;
  /** The booking the my-booking page shows, and the key its address's fragment holds. */
  readonly own?: { readonly salon: string; readonly booking: string; readonly key: string };
}

const reducer = combineReducers({
  booking: bookingSlice.reducer,
  visit: visitSlice.reducer,
  owner: ownerSlice.reducer,
  own: ownSlice.reducer,
  [bookingApi.reducerPath]: bookingApi.reducer,
});

/** makeStore builds a fresh store whose requests go to options.origin. */
export function makeStore(options: StoreOptions) {
  const extra: StoreExtra = { origin: options.origin };
  return configureStore({
    reducer,
    preloadedState: {
      booking: initialBooking(options.salon, options.openSlots),
      visit: initialVisit(options.visitSalon ?? ''),
      owner: initialOwner(options.ownerToken ?? null),
      own: initialOwn(options.own?.salon, options.own?.booking, options.own?.key),
    },
    middleware: (defaults) => defaults({ thunk: { extraArgument: extra } }).concat(bookingApi.middleware),
  });
}

/** listenForFocus refetches what a page shows when its tab comes back into view or back online. */
export function listenForFocus(store: AppStore): () => void {
  return setupListeners(store.dispatch);
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
