//! A small deterministic generator for the unit tests (xorshift64,
//! Marsaglia's 13/7/17): a seed gives the same random positions on every
//! machine, so a test checks the same cases each run.

/// The generator; its state is the last number it gave (never 0).
pub(crate) struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next number modulo `n` (at least 1).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
