// The checkout's front for other features (issue 27): the payment asks it whether a seller's
// answer is from the store the shopper ordered from and what the shopper is to pay, the cart which
// cart an order came from; how sessions and answers are kept stays behind it.
export { vetStore } from './seller-answer.server.ts';
export { payableFor, requestedCart } from './session.server.ts';
