// The owner's session: the token entered once for this tab, and whether the service refused the last one.
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { bookingApi, isTrouble } from '../api/booking';

export interface OwnerState {
  /** The owner's token, sent as a bearer token on the owner's requests; null until one is entered. */
  readonly token: string | null;
  /** True when the service refused the token last entered: the page asks for it again. */
  readonly refused: boolean;
}

/** The owner's state before any token: none, and none refused. */
export function initialOwner(token: string | null = null): OwnerState {
  return { token: token === '' ? null : token, refused: false };
}

const ownerRequestRejected = isAnyOf(
  bookingApi.endpoints.putSalon.matchRejected,
  bookingApi.endpoints.listBookings.matchRejected,
  bookingApi.endpoints.listSlots.matchRejected,
  bookingApi.endpoints.cancelBooking.matchRejected,
  bookingApi.endpoints.moveBooking.matchRejected,
  bookingApi.endpoints.closeSlot.matchRejected,
  bookingApi.endpoints.openSlot.matchRejected,
  bookingApi.endpoints.listWebhooks.matchRejected,
  bookingApi.endpoints.putWebhook.matchRejected,
  bookingApi.endpoints.deleteWebhook.matchRejected,
  bookingApi.endpoints.newFeed.matchRejected,
  bookingApi.endpoints.readAudit.matchRejected,
  bookingApi.endpoints.eraseCustomer.matchRejected,
);

export const ownerSlice = createSlice({
  name: 'owner',
  initialState: initialOwner(),
  reducers: {
    /** signIn keeps the token the owner entered, trimmed. */
    signIn: (_, action: PayloadAction<string>) => initialOwner(action.payload.trim()),
    /** signOut forgets the token. */
    signOut: () => initialOwner(),
  },
  extraReducers: (builder) => {
    // A token the service refuses is forgotten at once, so it isn't sent again.
    builder.addMatcher(ownerRequestRejected, (state, action) => {
      const trouble = action.payload;
      return isTrouble(trouble) && trouble.kind === 'refused' && trouble.reason === 'wrong token' ? { token: null, refused: true } : state;
    });
  },
});

export const { signIn, signOut } = ownerSlice.actions;
