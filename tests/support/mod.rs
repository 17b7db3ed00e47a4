//! Helpers shared by the integration tests; each test file uses only some of them.

#[allow(dead_code, unused_imports, unused_macros)]
pub mod db;

#[allow(dead_code, unused_imports)]
pub mod discord;

#[allow(dead_code, unused_imports)]
pub mod render;

#[allow(dead_code, unused_imports)]
pub mod table;
