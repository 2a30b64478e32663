/** What a lock control says to a token that may only read. */
export const READER_MAY_NOT_LOCK = "This token may read, not lock: locking needs an editor's token";
