/**
 * What an answer made from the audit's copy of the instance (findings, a fix's preview)
 * says before the first scan has finished: the service's 404 and the app's empty state
 * alike, in the words of the Audit page, whose Scan now starts one.
 */
export const NO_SCAN_YET =
  'no scan yet: findings and fixes are read from a scan of the instance, and none has finished; start one with Scan now';
