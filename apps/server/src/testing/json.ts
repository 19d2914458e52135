/**
 * An API answer as tests read it: loosely, asserting on its shape (the contracts' schemas are checked by the server
 * itself). The one `any` of the test helpers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
