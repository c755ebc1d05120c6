// India keeps one time zone without daylight saving, UTC+05:30: Indian wall-clock times and days
// are the UTC ones of an instant moved by this much.
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
