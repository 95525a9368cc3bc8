/**
 * What the content module publishes on `app.events` after commit: a merchant's announcements
 * changed, so the realtime gateway can tell open sites to fetch them again.
 */
export type ContentEvents = { announcementsChanged: { merchantId: number } };
