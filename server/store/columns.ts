// The service's own JSON columns are read back through their shapes (each beside its table): a row
// that does not match fails loudly where it is read, never as a wrong value further on. Shapes
// only, not the input's rules, so that a rule made stricter later never stops an old row reading.
import type { z } from 'zod';

/** A JSON column's text, read through its shape. */
export const column = <T extends z.ZodType>(shape: T, text: string): z.output<T> =>
  shape.parse(JSON.parse(text));
