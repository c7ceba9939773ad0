// spec 4 realtime: the names the server pushes on and the payment page listens to (no server code: the page imports it).
// An order's channel is private: Pusher lets a browser subscribe only with our signature, which
// REALTIME_AUTH_PATH gives to the order's donor alone, so the order id is not enough to follow a payment.
export const PAYMENT_RESULT_EVENT = 'payment-result';
export const ORDER_CHANNEL_PREFIX = 'private-order-';
export const orderChannel = (orderId: string) => `${ORDER_CHANNEL_PREFIX}${orderId}`;
/** where pusher-js asks for a private channel's signature (socket_id and channel_name, form-encoded) */
export const REALTIME_AUTH_PATH = '/api/realtime/auth';
