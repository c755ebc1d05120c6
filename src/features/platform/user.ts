/**
 * SPEC §6: inside the native app a user id cookie marks the shopper as signed in. Issue 24: it
 * holds a token the app's backend signed (app-token.ts), read by the middleware.
 */
export const USER_ID_COOKIE = 'userId';
