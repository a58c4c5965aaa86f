/** Binds a value as a query parameter and returns its placeholder ($n). */
export type Bind = (value: unknown) => string;
