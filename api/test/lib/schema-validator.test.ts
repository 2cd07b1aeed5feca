/**
 * The route validator: query strings and params converted then checked, bodies checked as sent,
 * and a part with no fields checked without the conversion step (still refused when a field is
 * required).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@fastify/type-provider-typebox';
import { validatorCompiler } from '../../src/lib/schema-validator';
import { PageQuery } from '../../src/routes/schemas';

type Result = { value?: unknown; error?: { keyword: string; instancePath: string }[] };
const compile = (schema: Parameters<typeof validatorCompiler>[0]['schema'], httpPart: string) =>
  validatorCompiler({ schema, httpPart, method: 'GET', url: '/' }) as (v: unknown) => Result;

describe('validatorCompiler', () => {
  it('converts query text to numbers and checks the result', () => {
    const validate = compile(PageQuery, 'querystring');
    assert.deepEqual(validate({ limit: '20' }).value, { limit: 20 });
    assert.equal(validate({ limit: '0' }).error?.[0]?.keyword, 'minimum');
    assert.equal(validate({ limit: 'abc' }).error?.[0]?.keyword, 'type');
  });

  it('passes an empty query (plain or without prototype) as it is', () => {
    const validate = compile(PageQuery, 'querystring');
    const empty = Object.create(null) as object;
    assert.equal(validate(empty).value, empty);
    assert.deepEqual(validate({}).value, {});
  });

  it('still refuses an empty query when a field is required', () => {
    const validate = compile(Type.Object({ query: Type.String() }), 'querystring');
    const result = validate(Object.create(null));
    assert.equal(result.value, undefined);
    assert.equal(result.error?.[0]?.keyword, 'required');
  });

  it('checks a body as sent, without converting text to numbers', () => {
    const validate = compile(Type.Object({ amount: Type.Number() }), 'body');
    assert.equal(validate({ amount: '12' }).error?.[0]?.keyword, 'type');
    assert.deepEqual(validate({ amount: 12 }).value, { amount: 12 });
  });
});
