-- A store as the previous version of the service (schema 1) wrote it: the
-- fixture instance of test-support, imported. Search results in search_json lack
-- variable and dataType, and there are no nested references. Tests load it into a
-- new file and open that with the current service.
PRAGMA user_version = 1;
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS owners (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS data_sources (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  columns TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS cards (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  data_source_id TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS fields (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  owner INTEGER NOT NULL,
  locked INTEGER NOT NULL,
  global INTEGER NOT NULL,
  archived INTEGER NOT NULL,
  hidden INTEGER NOT NULL,
  variable INTEGER NOT NULL,
  aggregated INTEGER NOT NULL,
  analytic INTEGER NOT NULL,
  expression TEXT NOT NULL,
  check_sum TEXT NOT NULL,
  legacy_id TEXT NOT NULL UNIQUE,
  created INTEGER NOT NULL,
  last_modified INTEGER NOT NULL,
  data_type TEXT NOT NULL,
  status TEXT NOT NULL,
  cache_window TEXT NOT NULL,
  column_positions TEXT NOT NULL,
  functions TEXT NOT NULL,
  has_invalid_link INTEGER NOT NULL,
  has_active_link INTEGER NOT NULL,
  has_visible_data_source INTEGER NOT NULL,
  has_active_card INTEGER NOT NULL,
  search_json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS fields_by_name ON fields (name_key, id);
CREATE INDEX IF NOT EXISTS fields_by_created ON fields (created, id);
CREATE INDEX IF NOT EXISTS fields_by_last_modified ON fields (last_modified, id);
CREATE INDEX IF NOT EXISTS fields_by_owner ON fields (owner);

CREATE TABLE IF NOT EXISTS links (
  field_id INTEGER NOT NULL REFERENCES fields (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  resource_type TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  visible INTEGER NOT NULL,
  active INTEGER NOT NULL,
  valid TEXT NOT NULL,
  PRIMARY KEY (field_id, position)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS links_by_resource ON links (resource_type, resource_id, field_id);

CREATE TABLE IF NOT EXISTS field_functions (
  field_id INTEGER NOT NULL REFERENCES fields (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  PRIMARY KEY (field_id, name)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS field_functions_by_name ON field_functions (name, field_id);

CREATE TABLE IF NOT EXISTS tokens (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  created INTEGER NOT NULL
);

INSERT INTO owners (id, name) VALUES (101, 'Ada Lovelace');
INSERT INTO owners (id, name) VALUES (102, 'Grace Hopper');
INSERT INTO owners (id, name) VALUES (103, 'Linus Torvalds');
INSERT INTO data_sources (id, name, columns) VALUES ('0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 'Sales Orders', '["Revenue","Cost","Order Date","Region","Customer ID"]');
INSERT INTO data_sources (id, name, columns) VALUES ('5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c', 'Support Tickets', '["Amount","Status"]');
INSERT INTO cards (id, title, data_source_id) VALUES ('dr:1:1', 'Revenue by Region', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f');
INSERT INTO cards (id, title, data_source_id) VALUES ('dr:2:5', 'Open Tickets', '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (1, 'Gross Margin', 'gross margin', 101, 0, 0, 0, 0, 0, 1, 0, '(SUM(`Revenue`) - SUM(`Cost`)) / NULLIF(SUM(`Revenue`), 0)', 'bd96aa38aa3e390befc9aee21be1bb2510d85da0', 'calculation_8f9dec20-c6ff-4b6b-a2f8-aef4e92040ee', 1735776000000, 1744243200000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Revenue`","columnPosition":5},{"columnName":"`Cost`","columnPosition":22},{"columnName":"`Revenue`","columnPosition":44}]', '["SERVICE_OP_SUBTRACT","SUM","SERVICE_OP_DIVIDE","NULLIF"]', 0, 1, 1, 0, '{"id":1,"name":"Gross Margin","owner":101,"lastModified":1744243200000,"created":1735776000000,"global":false,"locked":false,"legacyId":"calculation_8f9dec20-c6ff-4b6b-a2f8-aef4e92040ee","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (2, 'gross margin %', 'gross margin %', 102, 1, 0, 0, 0, 0, 1, 0, 'SUM(`Revenue`) * 100', '48691653a8e476e1e4fe8e2bfc241b0e5293004c', 'calculation_eda53e5d-4af0-40f5-989b-57c53ec400e5', 1735862400000, 1744156800000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Revenue`","columnPosition":4}]', '["SERVICE_OP_MULTIPLY","SUM"]', 0, 1, 1, 1, '{"id":2,"name":"gross margin %","owner":102,"lastModified":1744156800000,"created":1735862400000,"global":false,"locked":true,"legacyId":"calculation_eda53e5d-4af0-40f5-989b-57c53ec400e5","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"},"visible":true,"active":true,"valid":"VALID"},{"resource":{"type":"CARD","id":"dr:1:1"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"],"CARD":["dr:1:1"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (3, 'Days_to_Close', 'days_to_close', 101, 0, 0, 0, 0, 1, 0, 0, 'DATEDIFF(CURRENT_DATE(), `Order Date`)', 'bc55729303e44ebc1e1034586c30969944fb2072', 'calculation_03155d57-2e56-459b-bcf5-56a0a72ad4f4', 1735948800000, 1744070400000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Order Date`","columnPosition":25}]', '["DATEDIFF"]', 0, 1, 1, 0, '{"id":3,"name":"Days_to_Close","owner":101,"lastModified":1744070400000,"created":1735948800000,"global":false,"locked":false,"legacyId":"calculation_03155d57-2e56-459b-bcf5-56a0a72ad4f4","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (4, '100% Sure', '100% sure', 103, 0, 0, 1, 0, 0, 0, 0, '`Amount` * 1', '74cdc37eb74165929f09b7923b41a834acffa9ce', 'calculation_3bb29f6c-3b98-4178-9744-4d5287e0b95a', 1736035200000, 1743984000000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Amount`","columnPosition":0}]', '["SERVICE_OP_MULTIPLY"]', 0, 1, 1, 0, '{"id":4,"name":"100% Sure","owner":103,"lastModified":1743984000000,"created":1736035200000,"global":false,"locked":false,"legacyId":"calculation_3bb29f6c-3b98-4178-9744-4d5287e0b95a","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"},"visible":true,"active":true,"valid":"VALID"}],"archived":true,"activeLinks":{"DATA_SOURCE":["5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (5, 'Back\slash Region', 'back\slash region', 103, 0, 1, 0, 0, 0, 0, 0, 'UPPER(`Region`)', 'e1946c8ee121d54cfe2c33c27acfb155a46885e4', 'calculation_68ac76f8-3d80-4b67-bd56-03f34779317b', 1736121600000, 1743897600000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Region`","columnPosition":6}]', '["UPPER"]', 0, 1, 1, 0, '{"id":5,"name":"Back\\slash Region","owner":103,"lastModified":1743897600000,"created":1736121600000,"global":true,"locked":false,"legacyId":"calculation_68ac76f8-3d80-4b67-bd56-03f34779317b","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (6, 'Broken Parens', 'broken parens', 102, 0, 0, 0, 0, 0, 1, 0, 'SUM(`Revenue`', 'e06215e6d4b643dfe34aece3e18e27e6a828bc69', 'calculation_2b02b7e2-5523-47cb-b9e5-2ec72d7828d6', 1736208000000, 1743811200000, 'DECIMAL', 'INVALID', 'day', '[{"columnName":"`Revenue`","columnPosition":4}]', '["SUM"]', 0, 1, 1, 0, '{"id":6,"name":"Broken Parens","owner":102,"lastModified":1743811200000,"created":1736208000000,"global":false,"locked":false,"legacyId":"calculation_2b02b7e2-5523-47cb-b9e5-2ec72d7828d6","status":"INVALID","links":[{"resource":{"type":"DATA_SOURCE","id":"0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (7, 'Missing Column', 'missing column', 101, 0, 0, 0, 0, 0, 1, 0, 'SUM(`Profit`)', 'b718eb154c3cf3d30fa214144e915548d9f6dceb', 'calculation_4acabccd-add2-4f99-bbce-4d3fb0705b32', 1736294400000, 1743724800000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Profit`","columnPosition":4}]', '["SUM"]', 1, 1, 1, 0, '{"id":7,"name":"Missing Column","owner":101,"lastModified":1743724800000,"created":1736294400000,"global":false,"locked":false,"legacyId":"calculation_4acabccd-add2-4f99-bbce-4d3fb0705b32","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"},"visible":true,"active":true,"valid":"ILLEGAL_REFERENCE"}],"archived":false,"activeLinks":{"DATA_SOURCE":["0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (8, 'Hidden Ratio', 'hidden ratio', 102, 0, 0, 0, 1, 0, 0, 0, '`Revenue` / `Cost`', 'd2727e50291430ecc959712a6b3449d6c2d7687f', 'calculation_c5429d00-03d8-46b0-9d13-e4ba90468476', 1736380800000, 1743638400000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Revenue`","columnPosition":0},{"columnName":"`Cost`","columnPosition":12}]', '["SERVICE_OP_DIVIDE"]', 0, 0, 0, 0, '{"id":8,"name":"Hidden Ratio","owner":102,"lastModified":1743638400000,"created":1736380800000,"global":false,"locked":false,"legacyId":"calculation_c5429d00-03d8-46b0-9d13-e4ba90468476","status":"VALID","links":[{"resource":{"type":"CARD","id":"dr:1:1"},"visible":true,"active":false,"valid":"VALID"}],"archived":false,"activeLinks":{}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (9, 'Running Total', 'running total', 103, 0, 0, 0, 0, 0, 1, 1, 'SUM(`Amount`) OVER (PARTITION BY `Status`)', '29a385f18155eb15b5437adefd281384bc3c2c48', 'calculation_f41a511e-4699-4021-95f6-5f93526a01d0', 1736467200000, 1743552000000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Amount`","columnPosition":4},{"columnName":"`Status`","columnPosition":33}]', '["SUM"]', 0, 1, 0, 1, '{"id":9,"name":"Running Total","owner":103,"lastModified":1743552000000,"created":1736467200000,"global":false,"locked":false,"legacyId":"calculation_f41a511e-4699-4021-95f6-5f93526a01d0","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"},"visible":false,"active":true,"valid":"VALID"},{"resource":{"type":"CARD","id":"dr:2:5"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"],"CARD":["dr:2:5"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (10, 'No Links', 'no links', 103, 0, 0, 0, 0, 0, 0, 0, '1 + 2', 'f549e6e556eaec6fe50f9724fb811622d8be4e5b', 'calculation_5e7d4b06-3a87-4b03-a745-57d6bfefce55', 1736553600000, 1743465600000, 'DECIMAL', 'VALID', 'day', '[]', '["SERVICE_OP_ADD"]', 0, 0, 0, 0, '{"id":10,"name":"No Links","owner":103,"lastModified":1743465600000,"created":1736553600000,"global":false,"locked":false,"legacyId":"calculation_5e7d4b06-3a87-4b03-a745-57d6bfefce55","status":"VALID","links":[],"archived":false,"activeLinks":{}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (11, 'Status Label', 'status label', 102, 0, 0, 0, 0, 0, 0, 0, 'CASE WHEN `Status` = ''Closed'' THEN ''Done'' ELSE ''Open'' END', 'b40010802a06466e69299ab916853413d5f5e83c', 'calculation_598df525-48ad-4e6c-863f-6c52baf0f9a2', 1736640000000, 1743379200000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Status`","columnPosition":10}]', '[]', 0, 1, 1, 0, '{"id":11,"name":"Status Label","owner":102,"lastModified":1743379200000,"created":1736640000000,"global":false,"locked":false,"legacyId":"calculation_598df525-48ad-4e6c-863f-6c52baf0f9a2","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (12, 'Duplicate Name', 'duplicate name', 101, 0, 0, 0, 0, 0, 0, 0, '`Amount` - 1', '642439c89f20db860df80db8efd7598862ce024e', 'calculation_91a59ef6-5cfc-4fc2-9380-413c841766c1', 1736726400000, 1743292800000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Amount`","columnPosition":0}]', '["SERVICE_OP_SUBTRACT"]', 0, 1, 1, 0, '{"id":12,"name":"Duplicate Name","owner":101,"lastModified":1743292800000,"created":1736726400000,"global":false,"locked":false,"legacyId":"calculation_91a59ef6-5cfc-4fc2-9380-413c841766c1","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (13, 'duplicate name', 'duplicate name', 102, 0, 0, 0, 0, 0, 0, 0, '`Amount` + 2', 'd9cf50eaef6cf1294b0b837464c4113d3cbdde46', 'calculation_de613bc4-0578-4cd7-a564-4aae1a7a158d', 1736726400000, 1743206400000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Amount`","columnPosition":0}]', '["SERVICE_OP_ADD"]', 0, 1, 1, 0, '{"id":13,"name":"duplicate name","owner":102,"lastModified":1743206400000,"created":1736726400000,"global":false,"locked":false,"legacyId":"calculation_de613bc4-0578-4cd7-a564-4aae1a7a158d","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"},"visible":true,"active":true,"valid":"VALID"}],"archived":false,"activeLinks":{"DATA_SOURCE":["5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c"]}}');
INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable, aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type, status, cache_window, column_positions, functions, has_invalid_link, has_active_link, has_visible_data_source, has_active_card, search_json) VALUES (14, 'Region_Code', 'region_code', 101, 0, 0, 0, 0, 0, 0, 0, 'LOWER(`Region`)', '10255b6056801e0d7843e815ee17f24ac7d23dd2', 'calculation_f7a643a0-6dd5-4f1a-99c1-0c7fb41eb658', 1736899200000, 1743120000000, 'DECIMAL', 'VALID', 'day', '[{"columnName":"`Region`","columnPosition":6}]', '["LOWER"]', 1, 1, 1, 1, '{"id":14,"name":"Region_Code","owner":101,"lastModified":1743120000000,"created":1736899200000,"global":false,"locked":false,"legacyId":"calculation_f7a643a0-6dd5-4f1a-99c1-0c7fb41eb658","status":"VALID","links":[{"resource":{"type":"DATA_SOURCE","id":"0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"},"visible":true,"active":true,"valid":"VALID"},{"resource":{"type":"CARD","id":"dr:2:5"},"visible":true,"active":true,"valid":"ILLEGAL_REFERENCE"}],"archived":false,"activeLinks":{"DATA_SOURCE":["0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f"],"CARD":["dr:2:5"]}}');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (1, 0, 'DATA_SOURCE', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (2, 0, 'DATA_SOURCE', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (2, 1, 'CARD', 'dr:1:1', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (3, 0, 'DATA_SOURCE', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (4, 0, 'DATA_SOURCE', '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (5, 0, 'DATA_SOURCE', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (6, 0, 'DATA_SOURCE', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (7, 0, 'DATA_SOURCE', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 1, 1, 'ILLEGAL_REFERENCE');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (8, 0, 'CARD', 'dr:1:1', 1, 0, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (9, 0, 'DATA_SOURCE', '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c', 0, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (9, 1, 'CARD', 'dr:2:5', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (11, 0, 'DATA_SOURCE', '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (12, 0, 'DATA_SOURCE', '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (13, 0, 'DATA_SOURCE', '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (14, 0, 'DATA_SOURCE', '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 1, 1, 'VALID');
INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (14, 1, 'CARD', 'dr:2:5', 1, 1, 'ILLEGAL_REFERENCE');
INSERT INTO field_functions (field_id, name) VALUES (3, 'DATEDIFF');
INSERT INTO field_functions (field_id, name) VALUES (14, 'LOWER');
INSERT INTO field_functions (field_id, name) VALUES (1, 'NULLIF');
INSERT INTO field_functions (field_id, name) VALUES (10, 'SERVICE_OP_ADD');
INSERT INTO field_functions (field_id, name) VALUES (13, 'SERVICE_OP_ADD');
INSERT INTO field_functions (field_id, name) VALUES (1, 'SERVICE_OP_DIVIDE');
INSERT INTO field_functions (field_id, name) VALUES (8, 'SERVICE_OP_DIVIDE');
INSERT INTO field_functions (field_id, name) VALUES (2, 'SERVICE_OP_MULTIPLY');
INSERT INTO field_functions (field_id, name) VALUES (4, 'SERVICE_OP_MULTIPLY');
INSERT INTO field_functions (field_id, name) VALUES (1, 'SERVICE_OP_SUBTRACT');
INSERT INTO field_functions (field_id, name) VALUES (12, 'SERVICE_OP_SUBTRACT');
INSERT INTO field_functions (field_id, name) VALUES (1, 'SUM');
INSERT INTO field_functions (field_id, name) VALUES (2, 'SUM');
INSERT INTO field_functions (field_id, name) VALUES (6, 'SUM');
INSERT INTO field_functions (field_id, name) VALUES (7, 'SUM');
INSERT INTO field_functions (field_id, name) VALUES (9, 'SUM');
INSERT INTO field_functions (field_id, name) VALUES (5, 'UPPER');
