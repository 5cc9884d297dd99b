/**
 * SPEC §8 "Scan and camera errors": why the camera of /scanqrcode cannot run, from the page's
 * environment before asking for it, or from the error getUserMedia rejected with. Error names
 * are the standard DOMException ones plus the older Chrome/Firefox spellings.
 */
export type CameraProblem =
  /** Not found or overconstrained: no (suitable) camera; use another method. */
  | 'notFound'
  /** Not supported: the page is not served over HTTPS or from localhost. */
  | 'insecure'
  /** Not readable: the camera is in use by another application. */
  | 'inUse'
  /** Stream API unsupported: the browser has no getUserMedia. */
  | 'unsupported'
  /** Refused: the user or the browser refused the permission. */
  | 'denied'
  /** Anything else. */
  | 'unknown';

const BY_NAME: Record<string, CameraProblem> = {
  NotFoundError: 'notFound',
  DevicesNotFoundError: 'notFound',
  OverconstrainedError: 'notFound',
  ConstraintNotSatisfiedError: 'notFound',
  NotSupportedError: 'insecure',
  InsecureContextError: 'insecure',
  NotReadableError: 'inUse',
  TrackStartError: 'inUse',
  StreamApiNotSupportedError: 'unsupported',
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  PermissionDeniedError: 'denied',
};

/** A problem known before asking for the camera, or null when getUserMedia may be tried. */
export function cameraEnvironmentProblem(env: {
  isSecureContext: boolean;
  hasGetUserMedia: boolean;
}): CameraProblem | null {
  // Browsers hide navigator.mediaDevices on insecure pages: say why, not just "unsupported".
  if (!env.isSecureContext) return 'insecure';
  if (!env.hasGetUserMedia) return 'unsupported';
  return null;
}

/** The problem a getUserMedia (or video.play) rejection means. */
export function classifyCameraError(error: unknown): CameraProblem {
  if (typeof error !== 'object' || error === null || !('name' in error)) return 'unknown';
  const { name } = error;
  return typeof name === 'string' ? (BY_NAME[name] ?? 'unknown') : 'unknown';
}

/** The catalogue key of each problem's message (SPEC §8 texts live in `http`). */
export const CAMERA_PROBLEM_MESSAGE = {
  notFound: 'http.cameraNotFound',
  insecure: 'http.cameraInsecure',
  inUse: 'http.cameraInUse',
  unsupported: 'http.cameraUnsupported',
  denied: 'http.cameraDenied',
  unknown: 'scan.camera.unknown',
} as const satisfies Record<CameraProblem, string>;
