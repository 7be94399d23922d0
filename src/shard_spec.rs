//! `--shard I/N`, as `referee` and `prove` take it: share I (from 0) of N,
//! the items (games of a schedule, units of a proof) whose number is I
//! modulo N, so N runs with I = 0..N cover every item exactly once.

use std::fmt;

/// One share of a numbered list: the items with `number % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which share, from 0.
    pub index: usize,
    /// How many shares.
    pub count: usize,
}

impl Shard {
    /// The whole list (`0/1`).
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `I/N` (I from 0, below N).
    ///
    /// # Errors
    /// A one-line message saying what `I/N` must look like.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text:?}: expected I/N with 0 <= I < N, like 0/4");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 {
            return Err(format!("--shard {text:?}: N must be at least 1"));
        }
        if index >= count {
            return Err(format!(
                "--shard {text:?}: I counts from 0, so it must be below N ({count})"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether item `number` (from 0) is this share's.
    pub fn owns(&self, number: usize) -> bool {
        number % self.count == self.index
    }

    /// The share of `count` shares that item `number` belongs to.
    pub fn of_item(number: usize, count: usize) -> Shard {
        Shard {
            index: number % count,
            count,
        }
    }

    /// Whether this is the whole list.
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn parse() {
        assert_eq!(Shard::parse("0/1"), Ok(Shard::WHOLE));
        assert_eq!(Shard::parse("3/4"), Ok(Shard { index: 3, count: 4 }));
        assert_eq!(Shard::parse(" 3 / 4 ").unwrap().to_string(), "3/4");
        for (bad, want) in [
            ("4/4", "below N"),
            ("0/0", "at least 1"),
            ("1/0", "at least 1"),
            ("1", "expected I/N"),
            ("x", "expected I/N"),
            ("-1/4", "expected I/N"),
            ("a/b", "expected I/N"),
        ] {
            let err = Shard::parse(bad).unwrap_err();
            assert!(err.contains(want), "{bad}: {err}");
        }
    }

    #[test]
    fn every_item_has_one_share() {
        for count in 1..=7 {
            for number in 0..30 {
                let owners: Vec<usize> = (0..count)
                    .filter(|&index| Shard { index, count }.owns(number))
                    .collect();
                assert_eq!(owners, vec![number % count]);
                assert!(Shard::of_item(number, count).owns(number));
            }
        }
    }
}
