// The one cookie the browser reads (spec 8: whether this browser is signed in), apart from lib/constants.ts because every
// page's header reads it.
export const IS_LOGGED_IN_COOKIE = 'isLoggedIn';
