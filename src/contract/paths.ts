// Where the API lives and how it is authenticated: shared by the service and the web app.
export const API_BASE = '/api/query/v1';
export const TOKEN_HEADER = 'X-SERVICE-Developer-Token';

/** The API's routes relative to API_BASE, as the server registers them. */
export const apiRoutes = {
  search: '/functions/search',
  template: '/functions/template/:id',
  statistics: '/functions/statistics',
} as const;

export const apiPaths = {
  search: `${API_BASE}${apiRoutes.search}`,
  statistics: `${API_BASE}${apiRoutes.statistics}`,
  template: (id: number | string) => `${API_BASE}/functions/template/${id}`,
} as const;
