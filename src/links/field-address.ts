/** Where a field's drawer opens over the table; the table's own address follows it. */
export const fieldAddress = (id: number) => `/fields/${id}`;
