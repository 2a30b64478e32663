/** Where a field's drawer opens over the table; the table's own address follows it. */
export const fieldAddress = (id: number) => `/fields/${id}`;

/** The table's address, or a field's drawer over it. */
export const isFieldsAddress = (pathname: string) => /^\/fields(\/|$)/.test(pathname);
