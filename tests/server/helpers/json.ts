import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common.ts';

interface JsonResponse {
  json(): unknown;
}

/** The `message` of an error answer, which is always JSON `{ message }`. */
export function errorMessage(response: JsonResponse): string {
  return errorSchema.parse(response.json()).message;
}

const withId = z.object({ _id: z.string() });

/** The `_id` of the record an answer carries. */
export function idOf(response: JsonResponse): string {
  return withId.parse(response.json())._id;
}

/** What tests read of the OpenAPI document: each path's operations by method. */
export interface OpenApiPaths<Operation = unknown> {
  paths: Record<string, Record<string, Operation>>;
}
