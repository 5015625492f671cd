/** 404 and 410 for a link that names nothing or no longer works; 409 for a change the state forbids. */
export type InputStatus = 400 | 404 | 409 | 410 | 413 | 415;

/**
 * What a client sent and the server will not take, with the status it is answered with and a
 * Korean message for the manager or visitor. Anything else that fails is a server fault (500).
 */
export class InputError extends Error {
  override name = "InputError";
  readonly status: InputStatus;
  constructor(status: InputStatus, message: string) {
    super(message);
    this.status = status;
  }
}

/** A malformed body or a file of the wrong kind: 400. */
export class BadRequestError extends InputError {
  override name = "BadRequestError";
  constructor(message: string) {
    super(400, message);
  }
}

/** More than the server reads: 413. */
export class PayloadTooLargeError extends InputError {
  override name = "PayloadTooLargeError";
  constructor(message: string) {
    super(413, message);
  }
}

/** A body of a type the endpoint does not take (JSON where a form is expected): 415. */
export class UnsupportedMediaTypeError extends InputError {
  override name = "UnsupportedMediaTypeError";
  constructor(message: string) {
    super(415, message);
  }
}
