// The wire types the client sends and reads: generated from ../openapi.json, plus the one list of result types and of statuses.
import type { Answer, BookArguments, BookRequest, BookResult, Completion } from '../api/generated';

export type { Answer, BookArguments, BookRequest };

/** Every resultType the client handles. The decoder's switch must handle each one (see decode.ts). */
export const resultTypes = ['input_required', 'complete'] as const;
export type ResultType = (typeof resultTypes)[number];

/** Every structuredContent.status the client handles. */
export const statuses = ['booked', 'not_booked'] as const;
export type Status = (typeof statuses)[number];

/** Same is true when A and B are the same type, false otherwise. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Holds compiles only for true, so a false Same breaks the build where it is claimed. */
export type Holds<T extends true> = T;

/**
 * Compile-time proof that the lists above are exactly the values ../openapi.json declares: when
 * the document adds or drops one, npm run codegen followed by npm run typecheck fails here.
 */
export type ListsMatchTheDocument = [
  Holds<Same<ResultType, BookResult['resultType']>>,
  Holds<Same<Status, Completion['status']>>,
];
