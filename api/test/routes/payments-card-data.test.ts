/**
 * No card number, CVC or expiry reaches a log line or the database: a whole sandbox purchase
 * (payment method, refusals, malformed bodies, the payment) runs with trace-level logging into a
 * captured stream, then every log line and every table is searched for them.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { buildTestApp, json, signup } from '../helpers';
import { cardBody, payWithCard } from '../payments-helpers';

const lines: string[] = [];
const app = await buildTestApp(
  { after },
  { logLevel: 'trace' },
  { logStream: { write: (line: string) => void lines.push(line) } },
);

// Mastercard's test number: Visa's 4242… is in a refusal message on purpose (it names a test card).
const NUMBERS = ['5555555555554444', '4000002760003184', '4111111111111111'];
const CVC = '739';
const EXP_MONTH = 7;
const EXP_YEAR = 2041;

/** Any text that may hold card data: the numbers with or without spaces or dashes. */
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
const dashed = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1-');
const FORBIDDEN = NUMBERS.flatMap((n) => [n, spaced(n), dashed(n)]);
/** A CVC or expiry as a value of its own (not a piece of a longer number, id or timestamp). */
const token = (value: string) => new RegExp(`(?<![0-9A-Za-z.])${value}(?![0-9A-Za-z.])`, 'g');
const TOKENS = [CVC, String(EXP_YEAR), `0?${EXP_MONTH}/(20)?${EXP_YEAR % 100}`];

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

async function databaseText(): Promise<string> {
  const tables = await app.database.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  assert.ok(tables.length >= 10);
  const texts: string[] = [];
  for (const { name } of tables) {
    const rows = await app.database.rows<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(name)} t`,
    );
    texts.push(...rows.map((r) => r.row));
  }
  return texts.join('\n');
}

describe('card data', () => {
  it('never reaches a log line or a table', async () => {
    const before = await databaseText();
    const user = await signup(app);
    const card = (number: string) => ({
      number,
      exp_month: EXP_MONTH,
      exp_year: EXP_YEAR,
      cvc: CVC,
      name: 'Test Pilot',
    });
    const method = (payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payment/sandbox/payment-methods',
        headers,
        payload: payload as string,
      });

    const visa = await method(card(spaced(NUMBERS[0] ?? '')));
    assert.equal(visa.statusCode, 200);
    assert.equal((await method(card(NUMBERS[1] ?? ''))).statusCode, 200);
    // Refusals, and bodies the API cannot even read, are logged too: without their content.
    assert.equal((await method(card(NUMBERS[2] ?? ''))).statusCode, 400);
    assert.equal((await method({ ...card(NUMBERS[0] ?? ''), exp_year: 2001 })).statusCode, 400);
    assert.equal((await method({ ...card(NUMBERS[0] ?? ''), cvc: 'x' })).statusCode, 400);
    assert.equal(
      (await method({ ...card(NUMBERS[0] ?? ''), extra: { cvc: CVC } })).statusCode,
      200,
    );
    assert.equal(
      (await method({ ...card(NUMBERS[0] ?? ''), number: 5555555555554444 })).statusCode,
      400,
    );
    const malformed = await method(`{"number":"${NUMBERS[0] ?? ''}","cvc":"${CVC}"`, {
      'content-type': 'application/json',
    });
    assert.equal(malformed.statusCode, 400);

    const paid = await payWithCard(app, user, await cardBody(app, user, 30, json(visa).id));
    assert.equal(paid.statusCode, 200);

    // The logging did happen, at trace level, for these requests.
    assert.ok(lines.length > 20, `only ${lines.length} log lines`);
    assert.ok(lines.some((l) => l.includes('/payment/sandbox/payment-methods')));
    assert.equal(app.log.level, 'trace');
    assert.ok(
      lines.some((l) => l.includes('"level":20')),
      'debug lines were written',
    );

    for (const line of lines) {
      for (const text of FORBIDDEN) assert.ok(!line.includes(text), `card number in log: ${line}`);
      for (const value of TOKENS) {
        assert.equal(count(line, token(value)), 0, `card detail ${value} in log: ${line}`);
      }
    }

    const after = await databaseText();
    for (const text of FORBIDDEN) assert.ok(!after.includes(text), 'card number in a table');
    for (const value of TOKENS) {
      assert.equal(count(after, token(value)), count(before, token(value)), `${value} in a table`);
    }
    const [columns] = await app.database.rows<{ n: number }>(sql`
      select count(*)::int as n from information_schema.columns
      where table_schema = 'public' and column_name ~ '(card_?number|cvc|cvv|exp_?(month|year)|expiry)'`);
    assert.equal(columns?.n, 0, 'no column is made for card data');
  });
});
