/** Asks the browser to keep this site's data (the outbox, offline records) under storage pressure. */
export function requestPersistentStorage(): void {
  navigator.storage?.persist?.().catch(() => {
    // Refusal or an unsupported browser: the data stays, merely evictable.
  });
}
