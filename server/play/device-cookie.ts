import type { FastifyReply, FastifyRequest } from 'fastify';

// A device's own token for a quiz or a poll, kept in a cookie the join answers with: a participant is a device,
// not an email. Joining a quiz again from the same phone continues its viewer (and counts its attempts); joining
// a poll again gives back its voter, who has voted already. HttpOnly (no script reads it), SameSite=Strict (no
// other site's form sends it), and only on the play API's path. A phone that clears its cookies is a new device:
// play-limits in docs/security.md bound how far that goes.

const PATH = '/api/v1/play/';
const MAX_AGE_S = 7 * 24 * 60 * 60;

const cookieName = (kind: 'quiz' | 'poll', key: string) => `play_${kind}_${key}`;

/** The device's token for this quiz or poll, if the request carries one. */
export function deviceTokenOf(request: FastifyRequest, kind: 'quiz' | 'poll', key: string): string | null {
  const name = cookieName(kind, key);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [cookie, ...value] = part.trim().split('=');
    if (cookie === name) {
      const token = value.join('=');
      return /^[0-9a-f]{1,128}$/.test(token) ? token : null;
    }
  }
  return null;
}

/** Keeps the token on the device for its next join. */
export function keepDeviceToken(request: FastifyRequest, reply: FastifyReply, kind: 'quiz' | 'poll', key: string, token: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${cookieName(kind, key)}=${token}; Path=${PATH}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`);
}
