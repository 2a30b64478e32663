// Where the API lives and how it is authenticated: shared by the service and the web app.
export const API_BASE = '/api/query/v1';
export const TOKEN_HEADER = 'X-SERVICE-Developer-Token';

/** How the app gets its token: outside the API's base path, so it is never forwarded and needs no token. */
export const APP_CONFIG_PATH = '/api/app-config';

/** The API's routes relative to API_BASE, as the server registers them. */
export const apiRoutes = {
  search: '/functions/search',
  template: '/functions/template/:id',
  /** Production's create (POST). */
  templates: '/functions/template',
  /** Production's bulk create, update and delete. */
  bulkTemplate: '/functions/bulk/template',
  /** Production's check of formulas against columns; stores nothing. */
  validateFormulas: '/functions/validateFormulas',
  statistics: '/functions/statistics',
  /** This project's extension: names of owners, data sources and cards (docs/api.md). */
  directory: '/functions/directory',
  /** This project's extension: lock or unlock many fields in one request (docs/api.md). */
} as const;

export const apiPaths = {
  search: `${API_BASE}${apiRoutes.search}`,
  statistics: `${API_BASE}${apiRoutes.statistics}`,
  directory: `${API_BASE}${apiRoutes.directory}`,
  templates: `${API_BASE}${apiRoutes.templates}`,
  bulkTemplate: `${API_BASE}${apiRoutes.bulkTemplate}`,
  validateFormulas: `${API_BASE}${apiRoutes.validateFormulas}`,
  template: (id: number | string) => `${API_BASE}/functions/template/${id}`,
  /**
   * Reading a field, in the one form documented for production: hidden fields are
   * answered too. Changing a field (PUT) uses `template` without it.
   */
  readField: (id: number | string) => `${API_BASE}/functions/template/${id}?hidden=true`,
} as const;
