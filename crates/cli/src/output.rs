//! How a command's report reaches standard output: pretty JSON with
//! `--json`, else the report's own text.

use serde::Serialize;

/// Prints `report` as pretty JSON when `json` is set, else calls `text` on it.
pub fn emit<T: Serialize>(json: bool, report: &T, text: impl FnOnce(&T)) {
    if json {
        match serde_json::to_string_pretty(report) {
            Ok(s) => println!("{s}"),
            Err(e) => eprintln!("error: cannot encode the report as JSON: {e}"),
        }
    } else {
        text(report);
    }
}
