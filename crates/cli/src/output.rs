//! How a command's report reaches standard output: pretty JSON with
//! `--json`, else the report's own text, every line of which goes through
//! [`say!`] so that names taken from the file system or from files cannot
//! forge lines or send terminal escape sequences.

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

/// `s` with every control character (line breaks, escape sequences) and
/// every Unicode bidirectional override written as a Rust escape (`\n`,
/// `\u{1b}`), the rest unchanged: one line of plain text, whatever a file
/// name or a file holds.
pub fn escape(s: &str) -> String {
    s.chars()
        .map(|c| {
            let bidi = matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
            if c.is_control() || bidi {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `println!` for human-readable output: the line is [`escape`]d.
macro_rules! say {
    ($($arg:tt)*) => {
        println!("{}", $crate::output::escape(&format!($($arg)*)))
    };
}
pub(crate) use say;
