// Route handlers still import the request's site origin from here; it is resolved in lib/whitelabel.
export { requestOrigin } from '../whitelabel/request-origin';
