// Where the API lives and how it is authenticated: shared by the service and the web app.
export const API_BASE = '/api/query/v1';
export const TOKEN_HEADER = 'X-SERVICE-Developer-Token';

export const apiPaths = {
  search: `${API_BASE}/functions/search`,
  statistics: `${API_BASE}/functions/statistics`,
  template: (id: number | string) => `${API_BASE}/functions/template/${id}`,
} as const;
