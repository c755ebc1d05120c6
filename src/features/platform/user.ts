/** SPEC §6: inside the native app a user id cookie marks the shopper as signed in. */
export const USER_ID_COOKIE = 'userId';

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function readUserId(cookieValue: string | undefined): string | null {
  return cookieValue && USER_ID.test(cookieValue) ? cookieValue : null;
}
