//! The one duration grammar of the command line (`prove --time`, `referee
//! --move-timeout`): a number of seconds (`90`, `1.5`), or parts with a unit
//! each, largest first or not (`500ms`, `60s`, `10m`, `2h`, `1d`, `1h30m`).
//! Numbers may have a fraction or an exponent. Each command checks its own bounds and
//! words its own message.

use std::time::Duration;

/// Longest text read.
const MAX_LEN: usize = 64;

/// Parses a duration (see the module docs); `None` if `text` is not one.
/// A sum too large for [`Duration`] saturates to [`Duration::MAX`].
pub fn parse(text: &str) -> Option<Duration> {
    let t = text.trim();
    if t.is_empty() || t.len() > MAX_LEN {
        return None;
    }
    if let Some(seconds) = number(t) {
        return seconds_to_duration(seconds);
    }
    let mut total = 0.0f64;
    let mut rest = t;
    while !rest.is_empty() {
        let end = rest.find(['s', 'm', 'h', 'd'])?;
        let value = number(&rest[..end])?;
        let tail = &rest[end..];
        let (scale, len) = if tail.starts_with("ms") {
            (0.001, 2)
        } else {
            match tail.as_bytes()[0] {
                b's' => (1.0, 1),
                b'm' => (60.0, 1),
                b'h' => (3600.0, 1),
                _ => (86_400.0, 1),
            }
        };
        total += value * scale;
        rest = &tail[len..];
    }
    seconds_to_duration(total)
}

/// A finite, non-negative number (as Rust reads floats: `90`, `1.5`,
/// `1e3`), with spaces around it allowed.
fn number(text: &str) -> Option<f64> {
    let value: f64 = text.trim().parse().ok()?;
    (value.is_finite() && value >= 0.0).then_some(value)
}

fn seconds_to_duration(seconds: f64) -> Option<Duration> {
    if !seconds.is_finite() || seconds < 0.0 {
        return None;
    }
    Some(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
}

#[cfg(test)]
mod tests {
    use super::parse;
    use std::time::Duration;

    #[test]
    fn both_old_grammars_parse() {
        let secs = Duration::from_secs;
        // `prove --time`.
        assert_eq!(parse("90"), Some(secs(90)));
        assert_eq!(parse("1h30m"), Some(secs(5400)));
        assert_eq!(parse("10m"), Some(secs(600)));
        assert_eq!(parse("2d"), Some(secs(172_800)));
        assert_eq!(parse("0"), Some(secs(0)));
        // `referee --move-timeout`.
        assert_eq!(parse("60s"), Some(secs(60)));
        assert_eq!(parse(" 60 s "), Some(secs(60)));
        assert_eq!(parse("250ms"), Some(Duration::from_millis(250)));
        assert_eq!(parse("2m"), Some(secs(120)));
        assert_eq!(parse("1.5"), Some(Duration::from_millis(1500)));
        assert_eq!(parse("0.5m"), Some(secs(30)));
        assert_eq!(parse("1m30s"), Some(secs(90)));
        assert_eq!(parse("1e3ms"), Some(secs(1)));
        for bad in ["", "10x", "m", "soon", "1h30", "-1", "1..5s", "inf", "s1"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
