import { z } from 'zod';

/** Every successful API answer is wrapped in `{ data }`. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}
