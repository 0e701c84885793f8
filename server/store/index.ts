// What every feature's rows share: one SQLite file, the runner that brings it to this version
// from the features' own tables, and JSON columns read through their shapes. The features' rows
// are put together by ../database.ts.
export { openDatabase, SCHEMA_VERSION, type Db, type Tables } from './database';
export { column } from './columns';
