// The one cookie the browser reads (spec 8: whether this browser is signed in), in a file of its own because every
// page's header reads it.
export const IS_LOGGED_IN_COOKIE = 'isLoggedIn';
