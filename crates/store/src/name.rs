//! Record names.

use crate::StoreError;

/// The name of the game in progress.
pub const CURRENT: &str = "@current";

/// Checks a user-given record name: 1 to 64 characters, letters, digits,
/// `-`, `_`, `.` and space, not starting or ending with a space. Names
/// starting with `@` are reserved ([`CURRENT`]).
///
/// # Errors
/// [`StoreError::BadName`] saying what is wrong.
///
/// # Examples
/// ```
/// assert!(hypertac_store::validate_name("my game 2").is_ok());
/// assert!(hypertac_store::validate_name("@current").is_err());
/// assert!(hypertac_store::validate_name("a/b").is_err());
/// ```
pub fn validate_name(name: &str) -> Result<(), StoreError> {
    let bad = |why: String| Err(StoreError::BadName(format!("bad name {name:?}: {why}")));
    let chars = name.chars().count();
    if chars == 0 {
        return bad("a name needs 1 to 64 characters".into());
    }
    if chars > 64 {
        return bad(format!("{chars} characters, at most 64 allowed"));
    }
    if name.starts_with('@') {
        return bad("names starting with @ are reserved (@current is the game in progress)".into());
    }
    if name.starts_with('.') {
        return bad("names cannot start with a dot".into());
    }
    if name.starts_with(' ') || name.ends_with(' ') {
        return bad("no spaces at the start or end".into());
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ')))
    {
        return bad(format!(
            "{c:?} is not allowed (use letters, digits, -, _, . and space)"
        ));
    }
    Ok(())
}
