/** The 403 code the server answers to every write a guest (ghost user) attempts; the app asks them to sign up. */
export const GUEST_ACCOUNT_REQUIRED = 'guest_account_required';

/** Guests with no activity for this many days are removed by the daily cleanup job. */
export const GUEST_IDLE_DAYS = 30;
