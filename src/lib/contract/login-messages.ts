// The login failure wording on its own, without zod: the sign-in screen needs these two strings, and
// importing them from accounts.ts would pull every schema (and zod) into the /login bundle.

export const LOGIN_FAILED_SERVER_MESSAGE = 'Unable to log in with provided credentials.';
export const LOGIN_FAILED_MESSAGE = 'Email or Password are incorrect';
