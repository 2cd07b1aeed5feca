import { base64url, expiredToken, makeToken, validToken } from '../testing/fixtures';
import { decodeToken, isTokenExpired } from './jwt';

const NOW = Date.parse('2026-06-10T12:00:00Z');
const NOW_S = NOW / 1000;

describe('decodeToken', () => {
  it('reads the payload of a real base64url token with unicode claims', () => {
    const claims = { sub: 'u1', name: 'Zoë Ñúñez 東京 🚀', exp: NOW_S + 60, roles: ['buyer'] };
    expect(decodeToken(makeToken(claims))).toEqual(claims);
  });

  it('reads payloads of every padding length, with - and _ in their base64url', () => {
    const notes = ['', '?', '??', '???'].map((extra) => `??>>??>${extra}`);
    const payloads = notes.map((note) => makeToken({ note }).split('.')[1]!);
    expect(new Set(payloads.map((part) => part.length % 4))).toEqual(new Set([0, 2, 3]));
    expect(payloads.join('')).toMatch(/-/);
    expect(payloads.join('')).toMatch(/_/);
    notes.forEach((note, i) => {
      expect(decodeToken(`h.${payloads[i]!}.s`)).toEqual({ note });
    });
  });

  it.each([
    ['an empty string', ''],
    ['garbage', 'not a token'],
    ['garbage parts', 'abc.def.ghi'],
    ['a payload that is not JSON', `x.${base64url('not json')}.sig`],
    ['a JSON string payload', `x.${base64url('"just a string"')}.sig`],
    ['a JSON null payload', `x.${base64url('null')}.sig`],
    ['a JSON array payload', `x.${base64url('[1,2]')}.sig`],
    ['invalid UTF-8', `x.${btoa('\xff\xfe').replace(/=+$/, '')}.sig`],
    ['an empty payload part', 'x..sig'],
  ])('gives null for %s', (_label, token) => {
    expect(decodeToken(token)).toBeNull();
  });

  it('gives null for a two-part token (no signature part)', () => {
    const [header, payload] = validToken().split('.');
    expect(decodeToken(`${header!}.${payload!}`)).toBeNull();
  });

  it('gives null for a token of more than three parts', () => {
    expect(decodeToken(`${validToken()}.extra`)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('is true when the expiry is in the past', () => {
    expect(isTokenExpired(makeToken({ exp: NOW_S - 1 }), NOW)).toBe(true);
  });

  it('is false when the expiry is in the future', () => {
    expect(isTokenExpired(makeToken({ exp: NOW_S + 1 }), NOW)).toBe(false);
  });

  it('is false at the very second of expiry (expired means earlier than now)', () => {
    expect(isTokenExpired(makeToken({ exp: NOW_S }), NOW)).toBe(false);
  });

  it('is false for a token without an expiry', () => {
    expect(isTokenExpired(makeToken({ sub: 'u1' }), NOW)).toBe(false);
  });

  it.each(['', 'garbage', 'a.b'])('is true for the undecodable %p', (token) => {
    expect(isTokenExpired(token, NOW)).toBe(true);
  });

  it('checks against the real clock by default', () => {
    expect(isTokenExpired(validToken())).toBe(false);
    expect(isTokenExpired(expiredToken())).toBe(true);
  });
});
