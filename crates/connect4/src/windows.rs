//! The score driver: null-window searches ("is the score above `m`?")
//! that narrow the range of possible scores until one is left, and, on
//! several threads, several such searches at once.
//!
//! Every finished search narrows the range, whichever thread ran it and
//! whenever it finishes, so the threads need no rounds: a thread that is
//! free takes the score that best splits the part of the range the
//! searches under way leave open, or, when there is none (one score left
//! to test) or the range is still wide, joins a search under way (sharing its table entries and its
//! list of positions being searched, ABDADA). A search that can no longer
//! narrow the range is stopped.

use crate::book::Book;
use crate::node::Node;
use crate::position::Geometry;
use crate::race::Race;
use crate::search::Searcher;
use crate::tt::Table;
use crate::tuning::Tuning;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};

/// The driver halves score ranges up to this wide; wider ones are cut
/// towards their ends (Pons: far scores are cheap to test and refute).
const PLAIN_RANGE: i32 = 12;

/// A free thread opens a search of its own only when the range is at
/// most this wide (else it joins one under way).
const OPEN_WIDTH: i32 = 16;

/// The score to test ("is it above this?") to narrow the range
/// `min..=max` (`min < max`); the result lies in `min..max`.
pub(crate) fn test_point(min: i32, max: i32) -> i32 {
    let mut med = min + (max - min) / 2;
    if max - min > PLAIN_RANGE {
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
    }
    med
}

/// Narrows `min..=max` by the fail-soft result `r` of the null-window
/// search of "is the score above `med`?".
pub(crate) fn narrow_range(min: &mut i32, max: &mut i32, med: i32, r: i32) {
    if r <= med {
        *max = (*max).min(r);
    } else {
        *min = (*min).max(r);
    }
}

/// The range of possible scores of a solve on several threads and its
/// null-window searches under way.
pub(crate) struct Windows {
    state: Mutex<State>,
}

struct State {
    min: i32,
    max: i32,
    tests: Vec<Test>,
    /// Races to reuse (allocating one costs as much as a small search).
    spare: Vec<Arc<Race>>,
    /// Every race handed out.
    used: Vec<Arc<Race>>,
}

/// A null-window search under way.
struct Test {
    /// It tests "is the score above `med`?".
    med: i32,
    /// Shared by the threads searching it; its stop flag stops them.
    race: Arc<Race>,
    workers: u32,
}

/// A test taken by a thread: its score, its race, and whether the thread
/// joined a test another thread started.
pub(crate) struct Taken {
    pub(crate) med: i32,
    pub(crate) race: Arc<Race>,
    pub(crate) joined: bool,
}

impl Windows {
    /// A solve whose score lies in `min..=max`.
    pub(crate) fn new(min: i32, max: i32) -> Self {
        Windows {
            state: Mutex::new(State {
                min,
                max,
                tests: Vec::new(),
                spare: Vec::new(),
                used: Vec::new(),
            }),
        }
    }

    /// Starts another solve, whose score lies in `min..=max`, where a
    /// thread is already testing "is the score above `med`?" with `race`.
    /// The searches of the previous solve must be over: their races are
    /// reused.
    pub(crate) fn start(&self, min: i32, max: i32, med: i32, race: Arc<Race>) {
        let mut st = self.lock();
        let State {
            tests, spare, used, ..
        } = &mut *st;
        tests.clear();
        spare.append(used);
        tests.push(Test {
            med,
            race,
            workers: 1,
        });
        st.min = min;
        st.max = max;
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A thread that panicked while holding the lock left a consistent
        // state (every update is a few assignments), so keep going.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The range of possible scores.
    pub(crate) fn range(&self) -> (i32, i32) {
        let st = self.lock();
        (st.min, st.max)
    }

    /// The next test for a free thread, `None` once the score is known.
    pub(crate) fn take(&self) -> Option<Taken> {
        let mut st = self.lock();
        if st.min >= st.max {
            return None;
        }
        // In a wide range the searches near the score cost the most and
        // the far ones little: joining the search under way paid more
        // than opening another.
        let open = if st.max - st.min > OPEN_WIDTH && !st.tests.is_empty() {
            None
        } else {
            st.open_point()
        };
        if let Some(med) = open {
            let race = st.spare.pop().unwrap_or_default();
            race.stop.0.store(false, Ordering::Relaxed);
            st.used.push(Arc::clone(&race));
            st.tests.push(Test {
                med,
                race: Arc::clone(&race),
                workers: 1,
            });
            return Some(Taken {
                med,
                race,
                joined: false,
            });
        }
        let t = st.tests.iter_mut().min_by_key(|t| t.workers)?;
        t.workers += 1;
        Some(Taken {
            med: t.med,
            race: Arc::clone(&t.race),
            joined: true,
        })
    }

    /// A thread is done with `taken`: `result` is its fail-soft result,
    /// `None` if it was stopped.
    pub(crate) fn finish(&self, taken: &Taken, result: Option<i32>) {
        let mut st = self.lock();
        if let Some(i) = st
            .tests
            .iter()
            .position(|t| Arc::ptr_eq(&t.race, &taken.race))
        {
            st.tests[i].workers -= 1;
            if result.is_some() || st.tests[i].workers == 0 {
                st.tests.swap_remove(i);
            }
        }
        let Some(r) = result else {
            return;
        };
        // The other threads of this test stop.
        taken.race.stop.0.store(true, Ordering::Release);
        let State {
            min, max, tests, ..
        } = &mut *st;
        narrow_range(min, max, taken.med, r);
        let (min, max) = (*min, *max);
        tests.retain(|t| {
            let useful = min <= t.med && t.med < max;
            if !useful {
                t.race.stop.0.store(true, Ordering::Release);
            }
            useful
        });
    }
}

impl State {
    /// A score to test that no test under way covers: the test point of
    /// the widest part of the range that the tests under way leave open.
    fn open_point(&self) -> Option<i32> {
        // At most one test per thread (64): no allocation.
        let mut buf = [0i32; 64];
        let k = self.tests.len().min(buf.len());
        for (m, t) in buf.iter_mut().zip(&self.tests) {
            *m = t.med;
        }
        let meds = &mut buf[..k];
        meds.sort_unstable();
        let mut widest: Option<(i32, i32)> = None;
        let mut consider = |lo: i32, hi: i32| {
            if hi > lo && widest.is_none_or(|(a, b)| hi - lo > b - a) {
                widest = Some((lo, hi));
            }
        };
        let mut lo = self.min;
        for &m in meds.iter() {
            consider(lo, m);
            lo = m + 1;
        }
        consider(lo, self.max);
        widest.map(|(lo, hi)| test_point(lo, hi))
    }
}

/// One thread's part in a solve on several threads: what it needs to
/// build its searches, and its counters.
pub(crate) struct Worker<'a> {
    pub(crate) tt: &'a Table,
    pub(crate) geo: Geometry,
    pub(crate) book: Option<&'a Book>,
    pub(crate) tuning: Tuning,
    /// 0 for the calling thread, 1.. for helpers.
    pub(crate) id: u32,
    pub(crate) nodes: u64,
    /// See [`Searcher::grow_at`].
    pub(crate) grow_at: u64,
}

impl Worker<'_> {
    /// Takes and runs tests of `windows` until the score of `root` is
    /// known.
    pub(crate) fn work(&mut self, windows: &Windows, root: &Node) {
        while let Some(taken) = windows.take() {
            let mut s = Searcher::new(
                self.tt,
                self.geo,
                self.book,
                self.tuning,
                &taken.race,
                self.id,
                root.n,
            );
            s.nodes = self.nodes;
            s.grow_at = self.grow_at;
            // The helpers are at work: threads of the same search tell
            // each other what they are searching.
            s.kicked = true;
            s.joined = taken.joined;
            let r = s.run(root, taken.med, taken.med + 1);
            self.nodes = s.nodes;
            self.grow_at = s.grow_at;
            windows.finish(&taken, (!s.aborted).then_some(r));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_points_lie_inside_the_range() {
        for min in -21..=21 {
            for max in min + 1..=21 {
                let m = test_point(min, max);
                assert!(min <= m && m < max, "{min}..={max}: {m}");
            }
        }
        // Narrow ranges are halved, wide ones cut towards their ends.
        assert_eq!(test_point(-3, 5), 1);
        assert_eq!(test_point(-21, 21), -10);
    }

    #[test]
    fn free_threads_split_the_open_range_then_join() {
        let w = Windows::new(-3, 5);
        let a = w.take().unwrap();
        assert_eq!((a.med, a.joined), (1, false));
        // Open: -3..=1 and 2..=5; the wider one is split.
        let b = w.take().unwrap();
        assert_eq!((b.med, b.joined), (-1, false));
        // "Above 1?" no, the score is at most 1: the test of -1 goes on.
        w.finish(&a, Some(1));
        assert_eq!(w.range(), (-3, 1));
        assert!(!b.race.stop.0.load(Ordering::Relaxed));
        // "Above -1?" yes, at least 0: one score left to test, 0.
        w.finish(&b, Some(0));
        assert_eq!(w.range(), (0, 1));
        let c = w.take().unwrap();
        let d = w.take().unwrap();
        assert_eq!((c.med, c.joined, d.med, d.joined), (0, false, 0, true));
        // One thread's result stops the other and settles the score.
        w.finish(&c, Some(1));
        assert!(d.race.stop.0.load(Ordering::Relaxed));
        w.finish(&d, None);
        assert_eq!(w.range(), (1, 1));
        assert!(w.take().is_none());
    }

    #[test]
    fn in_a_wide_range_free_threads_join() {
        let w = Windows::new(-21, 21);
        let a = w.take().unwrap();
        let b = w.take().unwrap();
        assert_eq!((a.med, b.med, b.joined), (-10, -10, true));
        assert!(Arc::ptr_eq(&a.race, &b.race));
    }

    #[test]
    fn useless_tests_are_stopped() {
        let w = Windows::new(-8, 8);
        let a = w.take().unwrap();
        let b = w.take().unwrap();
        assert_eq!((a.med, b.med, b.joined), (-4, 2, false));
        // "Above -4?" no, at most -6: testing 2 is useless now.
        w.finish(&a, Some(-6));
        assert!(b.race.stop.0.load(Ordering::Relaxed));
        w.finish(&b, None);
        assert_eq!(w.range(), (-8, -6));
        let c = w.take().unwrap();
        assert_eq!((c.med, c.joined), (-7, false));
        // The next solve: the calling thread already tests 0; the races
        // are reused, their stop flags lowered.
        w.finish(&c, None);
        let main = Arc::new(Race::default());
        w.start(-1, 1, 0, Arc::clone(&main));
        assert_eq!(w.range(), (-1, 1));
        let d = w.take().unwrap();
        assert_eq!((d.med, d.joined), (-1, false));
        assert!(!d.race.stop.0.load(Ordering::Relaxed));
        assert!([&a, &b, &c].iter().any(|t| Arc::ptr_eq(&t.race, &d.race)));
        let e = w.take().unwrap();
        assert!(e.joined && Arc::ptr_eq(&e.race, &main));
    }
}
