/** The attribute the service worker puts on a saved copy's <html>: its CSS shows the offline notice, islands stay disabled. */
export const OFFLINE_COPY_ATTRIBUTE = 'data-offline-copy';
