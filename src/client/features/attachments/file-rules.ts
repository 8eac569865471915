import { allowedFileDescription, allowedMimeTypes, isAllowedFile, maxFileBytes } from '#shared/files.ts';

/** The file input's `accept`: the types and extensions the server takes. */
export const acceptedFiles = Object.entries(allowedMimeTypes)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

/** Why the server would refuse this file, said before it is queued, or null. */
export function problemWith(file: File): string | null {
  if (!isAllowedFile(file.type, file.name))
    return `"${file.name}" cannot be attached: allowed are ${allowedFileDescription}.`;
  if (file.size > maxFileBytes) return `"${file.name}" is larger than ${maxFileBytes / 1024 / 1024} MB.`;
  return null;
}
