// The store: the booking slice and the RTK Query api, made fresh for each page (and each test).
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { bookingApi } from './api/booking';
import type { StoreExtra } from './api/emptyApi';
import { bookingSlice, initialBooking } from './booking/slice';

/** Where the store talks to and what the page shows first. */
export interface StoreOptions extends StoreExtra {
  readonly salon: string;
  readonly openSlots: readonly string[];
}

const reducer = combineReducers({
  booking: bookingSlice.reducer,
  [bookingApi.reducerPath]: bookingApi.reducer,
});

/** makeStore builds a fresh store whose requests go to options.origin. */
export function makeStore(options: StoreOptions) {
  const extra: StoreExtra = { origin: options.origin };
  return configureStore({
    reducer,
    preloadedState: { booking: initialBooking(options.salon, options.openSlots) },
    middleware: (defaults) => defaults({ thunk: { extraArgument: extra } }).concat(bookingApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
