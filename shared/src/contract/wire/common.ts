/**
 * The pieces every wire schema is made of (TypeBox: JSON Schema with its static type). The API
 * validates and documents with these schemas; the apps read only their types (`import type`), so
 * no schema reaches a browser bundle.
 */
import { Type, type TSchema } from 'typebox';
import { ITEM_KINDS } from '../constants.js';

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An item's kind: 'nfa' or 'land'. */
export const KindSchema = Type.Enum(ITEM_KINDS, { description: 'nfa or land' });

/** An answer's `success`: true on every 2xx answer; typed as the envelope (`ApiEnvelope`) says. */
export const Success = Type.Boolean({ description: 'Always true on a 2xx answer' });
