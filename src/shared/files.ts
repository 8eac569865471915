/** Upload rules (issue 2): what the server accepts and the app checks before queueing a file. */
export const maxFileBytes = 10 * 1024 * 1024;
export const maxFilesPerUpload = 5;

export const allowedMimeTypes: Record<string, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

export const allowedFileDescription = 'images (JPEG, PNG, GIF, WebP, HEIC), PDF, DOC or DOCX';

export function isAllowedFile(mimeType: string, fileName: string): boolean {
  const extensions = allowedMimeTypes[mimeType.toLowerCase()];
  if (!extensions) return false;
  const lower = fileName.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
}
