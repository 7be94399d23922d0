//! Someone's input repeated in an error message: quoted, escaped and cut
//! short, so a message stays one short line whatever the input.

/// Most characters of someone's input repeated in an error message.
pub const QUOTED_CHARS: usize = 40;

/// `text` for an error message: quoted and escaped as Rust's `{:?}` does,
/// cut after [`QUOTED_CHARS`] characters with the full length in bytes
/// added, so a message stays one short line whatever the input.
///
/// # Examples
/// ```
/// use hypertac_core::notation::quote;
/// assert_eq!(quote("4,x"), "\"4,x\"");
/// assert_eq!(quote(&"\0".repeat(1000)), format!("\"{}\"... (1000 bytes)", "\\0".repeat(40)));
/// ```
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}... ({} bytes)", &text[..cut], text.len()),
    }
}

/// As [`quote`] without the quotes and escapes, for text already known to be
/// printable (e.g. numbers and commas).
pub fn shorten(text: &str) -> String {
    clip(text, QUOTED_CHARS)
}

/// `text` cut after `chars` characters (with its length in bytes added), for
/// messages of other libraries that may repeat their input (e.g. JSON errors).
pub fn clip(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
    }
}
