/** The Background Sync tag the page registers while its outbox holds entries and the service worker answers. */
export const outboxSyncTag = 'imsp-outbox';
