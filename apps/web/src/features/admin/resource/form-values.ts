/** `setValueAs` converters for resource form inputs, so a field's value has the contract's type. */

const empty = (v: unknown) => v === '' || v === null || v === undefined;

/** An optional text or URL: an empty input is null, anything else trimmed. */
export const nullableText = (v: unknown) => (empty(v) ? null : String(v).trim());

/** An optional number: an empty input is null. */
export const nullableNumber = (v: unknown) => (empty(v) ? null : Number(v));

/** A required number: an empty input is NaN, which the schema refuses, rather than 0, which it might take. */
export const requiredNumber = (v: unknown) => (v === '' || v === null ? Number.NaN : Number(v));
