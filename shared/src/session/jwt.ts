/** Reads a JWT's payload on the client (no verification: the server verifies). */
export interface TokenPayload {
  sub?: string;
  exp?: number;
  [claim: string]: unknown;
}

/** The payload, or null when the token cannot be decoded (not header.payload.signature). */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  const part = parts[1];
  if (parts.length !== 3 || !part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as TokenPayload)
      : null;
  } catch {
    return null;
  }
}

/** True when the token is undecodable or its expiry is earlier than now. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const payload = decodeToken(token);
  if (!payload) return true;
  return typeof payload.exp === 'number' && payload.exp * 1000 < now;
}
