import { stdSerializers } from 'pino';

const paramsInText = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * Logs an error without the parameters of a failed query: Drizzle puts them in the error (and its
 * message), and they can hold a password hash or a file's bytes.
 */
export function serializeError(error: Error) {
  const serialized = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & { params?: unknown };
  if (!('params' in serialized)) return serialized;
  const { params: _, ...rest } = serialized;
  return { ...rest, message: rest.message.replace(paramsInText, ''), stack: rest.stack.replace(paramsInText, '') };
}
