/** The spec's wording (002 §5, §8; SCN-004..029), character for character. */
export const SCN_MESSAGES = {
  projectIdRequired: 'Please enter a Project ID',
  projectIdInvalid: "A Project ID cannot be '.' or '..' or hold '/', '\\', '?', '#' or '%'.",
  mediaTypeRequired: 'Please enter a Media Type',
  curveTypeRequired: 'Please select a Curve Type',
  number: 'Please enter a number',
  cpp: 'CPP must be greater than 0',
  networkError: 'Network Error. Try Again Later',
  curveDeleted: 'Curve deleted',
  curveDeleteFailed: 'Something went wrong',
  curvesSaved: 'Curves saved!',
  someCurvesNotSaved: 'Some curves could not be saved',
  unableToImport: 'Unable to Import',
  areYouSure: 'Are you sure?',
  loseUploaded: 'By saving generic curves, you will lose your uploaded curves',
  loseGeneric: 'By saving uploaded curves, you will lose selected generic curves',
  planDeleted: 'Plan deleted',
  // Ours (the spec names no wording for these):
  costMethod: 'Please select a cost method',
  mixedSet: 'A set holds either generic or uploaded curves, not both.',
  notEnabled: 'Scenario Planner is not enabled for this client.',
} as const;
/** A rule's message by its key: the client shows `messages.<key>` in the user's language, the server the English text. */
export type ScnMessageKey = keyof typeof SCN_MESSAGES;

/** 002 §9: curve snackbars (and the DESIGN 'Plan deleted' toast) last 3000 ms. */
export const CURVE_SNACKBAR_MS = 3000;
/**
 * SCN-009 DESIGN, tightened by issue 27 §6: while an import is submitted, status_import is read
 * again every 2 s (the spec's 30 s showed a finished import up to half a minute late; the read is
 * one indexed select of the product's records), so the status shows within 3 s of the job ending.
 */
export const IMPORT_POLL_MS = 2_000;
