/**
 * The reference backend's tables. Times are integer milliseconds since the epoch (UTC) so that
 * range filters and ordering are plain integer comparisons on an index.
 *
 * All four notation kinds share one table and one id sequence: the timeline reads them together,
 * and each kind's operations filter on `kind`, so an update id asked for as an alert is a 404.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

CREATE TABLE IF NOT EXISTS person (
  identifier TEXT PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name  TEXT NOT NULL,
  email      TEXT NOT NULL,
  role       TEXT NOT NULL CHECK (role IN ('Student','Advisor','Faculty','Staff','Coach')),
  sort_key   TEXT NOT NULL            -- lower(last first identifier), for name search and order
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS category (
  id        INTEGER PRIMARY KEY,
  name      TEXT NOT NULL,
  is_active INTEGER NOT NULL CHECK (is_active IN (0,1))
) STRICT;

CREATE TABLE IF NOT EXISTS encouragement_type (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  icon TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS trigger_def (
  id                INTEGER PRIMARY KEY,
  name              TEXT NOT NULL,
  additional_advice TEXT NOT NULL,
  audience_type     TEXT NOT NULL CHECK (audience_type IN ('All','FullNetwork')),
  can_student_view  INTEGER NOT NULL,
  created_on        INTEGER NOT NULL,
  elevate_to_alert  INTEGER NOT NULL
) STRICT;

-- kind: 'update' | 'dataInsight' | 'alert' | 'encouragement'
CREATE TABLE IF NOT EXISTS notation (
  id                    INTEGER PRIMARY KEY,
  kind                  TEXT NOT NULL,
  student               TEXT NOT NULL REFERENCES person(identifier),
  created_by            TEXT REFERENCES person(identifier),   -- NULL for data insights
  created_on            INTEGER NOT NULL,
  modified_on           INTEGER NOT NULL,
  details               TEXT NOT NULL,
  audience_type         TEXT,            -- updates, alerts, encouragements
  can_student_view      INTEGER,         -- updates, alerts
  status                TEXT,            -- alerts: 'Open' | 'Lowered'
  data_insight_type     TEXT,            -- data insights
  encouragement_type_id INTEGER REFERENCES encouragement_type(id),
  is_encouragement      INTEGER,         -- encouragements
  trigger_id            INTEGER REFERENCES trigger_def(id)  -- set when a trigger's action made it
) STRICT;

CREATE TABLE IF NOT EXISTS notation_category (
  notation_id INTEGER NOT NULL REFERENCES notation(id),
  category_id INTEGER NOT NULL REFERENCES category(id),
  PRIMARY KEY (notation_id, category_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS comment (
  id                   INTEGER PRIMARY KEY,
  notation_id          INTEGER NOT NULL REFERENCES notation(id),
  created_by           TEXT NOT NULL REFERENCES person(identifier),
  created_on           INTEGER NOT NULL,
  details              TEXT NOT NULL,
  used_to_lower_alert  INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS success_network (
  person   TEXT NOT NULL REFERENCES person(identifier),
  member   TEXT NOT NULL REFERENCES person(identifier),
  position INTEGER NOT NULL,
  PRIMARY KEY (person, member)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS assessment (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS factor (
  id            INTEGER PRIMARY KEY,
  assessment_id INTEGER NOT NULL REFERENCES assessment(id),
  name          TEXT NOT NULL,
  description   TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS administration (
  id            INTEGER PRIMARY KEY,
  assessment_id INTEGER NOT NULL REFERENCES assessment(id),
  title         TEXT NOT NULL,
  start_date    INTEGER NOT NULL,
  end_date      INTEGER NOT NULL,
  status        TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS factor_result (
  administration_id INTEGER NOT NULL REFERENCES administration(id),
  person            TEXT NOT NULL REFERENCES person(identifier),
  factor_id         INTEGER NOT NULL REFERENCES factor(id),
  score             INTEGER NOT NULL,
  validity_concern  INTEGER NOT NULL,
  PRIMARY KEY (administration_id, person, factor_id)
) STRICT, WITHOUT ROWID;
`;

/** Created after a bulk seed (faster than maintaining them row by row) and on every open. */
export const INDEX_SQL = `
CREATE UNIQUE INDEX IF NOT EXISTS category_name_nocase ON category(name COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS person_role_sort ON person(role, sort_key);
CREATE INDEX IF NOT EXISTS person_sort ON person(sort_key);
CREATE INDEX IF NOT EXISTS notation_kind_created ON notation(kind, created_on DESC, id DESC);
CREATE INDEX IF NOT EXISTS notation_kind_student_created ON notation(kind, student, created_on DESC, id DESC);
CREATE INDEX IF NOT EXISTS notation_kind_modified ON notation(kind, modified_on);
CREATE INDEX IF NOT EXISTS notation_category_category ON notation_category(category_id);
CREATE INDEX IF NOT EXISTS comment_notation ON comment(notation_id, created_on, id);
CREATE INDEX IF NOT EXISTS success_network_order ON success_network(person, position);
CREATE INDEX IF NOT EXISTS success_network_member ON success_network(member, person);
CREATE INDEX IF NOT EXISTS administration_start ON administration(start_date DESC, id DESC);
CREATE INDEX IF NOT EXISTS factor_result_person ON factor_result(person, administration_id);
`;
