// How long the interface's messages stay on screen (spec 9). Browser code reads this file: it imports nothing.
/** spec 9: an API error's message shows this long unless the call asked for none */
export const SNACKBAR_MS = 3000;
export const SIGNUP_SNACKBAR_MS = 10000;
export const SNACKBAR_LONG_MS = 100000;
