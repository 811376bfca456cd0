// The session token lives in localStorage under the name the specification fixes ("token").
const TOKEN_KEY = 'token';

export function readStoredToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) || null;
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearStoredToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
