//! Bitboard representation of a Connect Four position.
//!
//! The board is stored column by column in a `u64`, with one extra
//! *sentinel* row on top of every column, so a board of width `W` and
//! height `H` uses `W * (H + 1)` bits (at most 64). For the standard 7x6
//! board the bit indices are:
//!
//! ```text
//!   sentinel  6 13 20 27 34 41 48
//!   row 5     5 12 19 26 33 40 47
//!   row 4     4 11 18 25 32 39 46
//!   row 3     3 10 17 24 31 38 45
//!   row 2     2  9 16 23 30 37 44
//!   row 1     1  8 15 22 29 36 43
//!   row 0     0  7 14 21 28 35 42
//!   column    1  2  3  4  5  6  7   (as written in move strings)
//! ```
//!
//! Bit `col * (H + 1) + row` is the cell of column `col` (0-based) and row
//! `row` (0 = bottom). Two bitboards describe a position: `mask` (all
//! stones) and `current` (the stones of the side to move). The sentinel row
//! is always empty, so shifting a bitboard never carries a line of stones
//! from the top of one column into the bottom of the next one.
//!
//! The position also keeps the horizontal mirror image of both bitboards up
//! to date, so that a mirror-symmetric position can share transposition
//! table entries through [`Position::canonical_key`].

use crate::notation::{ParseError, SizeError};

/// Board dimensions and the precomputed masks that depend on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    width: u32,
    height: u32,
    /// One bit at the bottom cell of every column.
    bottom: u64,
    /// Every playable cell (no sentinel bits).
    board: u64,
    /// Cells in rows `r` with `r % 2 == height % 2` (sentinel row excluded).
    claim_rows: u64,
    /// Cells in rows `r <= height` with `r % 2 != height % 2`.
    odd_rows: u64,
}

impl Geometry {
    /// Geometry of a board `width` columns wide and `height` rows high.
    ///
    /// Needs `1 <= width <= 9` (a column is written as one digit),
    /// `1 <= height <= 19` and `width * (height + 1) <= 64`.
    pub fn new(width: u32, height: u32) -> Result<Self, SizeError> {
        if !(1..=9).contains(&width) || !(1..=19).contains(&height) || width * (height + 1) > 64 {
            return Err(SizeError { width, height });
        }
        let [bottom, board, claim_rows, odd_rows] = masks(width, height);
        Ok(Geometry {
            width,
            height,
            bottom,
            board,
            claim_rows,
            odd_rows,
        })
    }

    /// The standard 7x6 board.
    pub fn standard() -> Self {
        match Self::new(7, 6) {
            Ok(g) => g,
            Err(_) => unreachable!("7x6 is a valid size"),
        }
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    #[inline]
    pub fn size(&self) -> u32 {
        self.width * self.height
    }

    /// Number of bits of a position key (`width * (height + 1)`).
    #[inline]
    pub fn key_bits(&self) -> u32 {
        self.width * (self.height + 1)
    }

    /// Mirror image (column `c` becomes column `width - 1 - c`) of a bitboard.
    fn mirror(&self, b: u64) -> u64 {
        let col = (1u64 << (self.height + 1)) - 1;
        let mut m = 0;
        for c in 0..self.width {
            let bits = (b >> (c * (self.height + 1))) & col;
            m |= bits << ((self.width - 1 - c) * (self.height + 1));
        }
        m
    }
}

/// `[bottom, board, claim_rows, odd_rows]` of a `width` x `height` board
/// (see the fields of [`Geometry`]).
const fn masks(width: u32, height: u32) -> [u64; 4] {
    let mut bottom = 0u64;
    let mut board = 0u64;
    let mut claim_rows = 0u64;
    let mut odd_rows = 0u64;
    let mut c = 0;
    while c < width {
        let base = c * (height + 1);
        bottom |= 1 << base;
        let mut r = 0;
        while r <= height {
            let bit = 1u64 << (base + r);
            if r < height {
                board |= bit;
                if r % 2 == height % 2 {
                    claim_rows |= bit;
                }
            }
            if r % 2 != height % 2 {
                odd_rows |= bit;
            }
            r += 1;
        }
        c += 1;
    }
    [bottom, board, claim_rows, odd_rows]
}

/// Board dimensions as the bitboard operations see them: a run-time
/// [`Geometry`], or [`Std7x6`] whose constants let the compiler turn every
/// shift and mask of the hot search loop into immediates.
pub(crate) trait Dims: Copy {
    /// Number of columns.
    fn w(self) -> u32;
    /// Number of rows.
    fn h(self) -> u32;
    /// One bit at the bottom cell of every column.
    fn bottom(self) -> u64;
    /// Every playable cell.
    fn board(self) -> u64;
    /// See [`Geometry`].
    fn claim_rows(self) -> u64;
    /// See [`Geometry`].
    fn odd_rows(self) -> u64;

    /// Number of cells.
    #[inline(always)]
    fn cells(self) -> i32 {
        (self.w() * self.h()) as i32
    }

    /// Bit of the bottom cell of column `col`.
    #[inline(always)]
    fn bottom_of(self, col: u32) -> u64 {
        1u64 << (col * (self.h() + 1))
    }

    /// Bit of the top cell of column `col`.
    #[inline(always)]
    fn top_of(self, col: u32) -> u64 {
        1u64 << (self.h() - 1 + col * (self.h() + 1))
    }

    /// Column and row (0 = bottom) of the cell `bit` (a single bit).
    #[inline(always)]
    fn cell_of(self, bit: u64) -> (u32, u32) {
        let index = bit.trailing_zeros();
        (index / (self.h() + 1), index % (self.h() + 1))
    }

    /// All cells of column `col`.
    #[inline(always)]
    fn column_mask(self, col: u32) -> u64 {
        ((1u64 << self.h()) - 1) << (col * (self.h() + 1))
    }

    /// Does `stones` contain four in a row?
    #[inline(always)]
    fn has_four(self, stones: u64) -> bool {
        let h = self.h();
        let mut any = 0;
        for shift in [1, h, h + 1, h + 2] {
            let m = stones & (stones >> shift);
            any |= m & (m >> (2 * shift));
        }
        any != 0
    }

    /// Empty cells (per `mask`) that would complete four in a row for
    /// `stones`. May include cells that are not playable yet.
    #[inline(always)]
    fn winning_cells(self, stones: u64, mask: u64) -> u64 {
        let h = self.h();
        // vertical
        let mut r = (stones << 1) & (stones << 2) & (stones << 3);
        for s in [h, h + 1, h + 2] {
            let p = (stones << s) & (stones << (2 * s));
            r |= p & (stones << (3 * s));
            r |= p & (stones >> s);
            let p = (stones >> s) & (stones >> (2 * s));
            r |= p & (stones << s);
            r |= p & (stones >> (3 * s));
        }
        r & (self.board() ^ mask)
    }

    /// The cell each playable column would receive next, given all stones.
    #[inline(always)]
    fn possible(self, mask: u64) -> u64 {
        (mask + self.bottom()) & self.board()
    }
}

impl Dims for Geometry {
    #[inline(always)]
    fn w(self) -> u32 {
        self.width
    }
    #[inline(always)]
    fn h(self) -> u32 {
        self.height
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        self.bottom
    }
    #[inline(always)]
    fn board(self) -> u64 {
        self.board
    }
    #[inline(always)]
    fn claim_rows(self) -> u64 {
        self.claim_rows
    }
    #[inline(always)]
    fn odd_rows(self) -> u64 {
        self.odd_rows
    }
}

/// The standard 7x6 board as compile-time constants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Std7x6;

const STD_MASKS: [u64; 4] = masks(7, 6);

impl Dims for Std7x6 {
    #[inline(always)]
    fn w(self) -> u32 {
        7
    }
    #[inline(always)]
    fn h(self) -> u32 {
        6
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        STD_MASKS[0]
    }
    #[inline(always)]
    fn board(self) -> u64 {
        STD_MASKS[1]
    }
    #[inline(always)]
    fn claim_rows(self) -> u64 {
        STD_MASKS[2]
    }
    #[inline(always)]
    fn odd_rows(self) -> u64 {
        STD_MASKS[3]
    }
}

/// A Connect Four position: the stones on the board and the side to move.
///
/// Columns are 0-based in this API (`0..width`); move strings use the
/// digits `1..=width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    current: u64,
    mask: u64,
    current_m: u64,
    mask_m: u64,
    moves: u32,
    geo: Geometry,
}

impl Default for Position {
    fn default() -> Self {
        Self::new()
    }
}

impl Position {
    /// Empty standard 7x6 board.
    pub fn new() -> Self {
        Self::empty(Geometry::standard())
    }

    /// Empty board of the given geometry.
    pub fn empty(geo: Geometry) -> Self {
        Position {
            current: 0,
            mask: 0,
            current_m: 0,
            mask_m: 0,
            moves: 0,
            geo,
        }
    }

    /// Empty board `width` columns wide and `height` rows high (see
    /// [`Geometry::new`] for the supported sizes).
    pub fn with_size(width: u32, height: u32) -> Result<Self, SizeError> {
        Ok(Self::empty(Geometry::new(width, height)?))
    }

    /// Position after the moves of `moves` (columns `1..=7`) on the 7x6
    /// board. See [`Position::play_moves`] for what is rejected.
    pub fn from_moves(moves: &str) -> Result<Self, ParseError> {
        let mut p = Self::new();
        p.play_moves(moves)?;
        Ok(p)
    }

    /// Plays a move string (one digit `1..=width` per move) from this
    /// position. Rejects characters that are not digits, columns outside the
    /// board, moves into a full column and moves that complete four in a
    /// row (so the game is never over in a parsed position). On error the
    /// position is left unchanged.
    pub fn play_moves(&mut self, moves: &str) -> Result<(), ParseError> {
        let mut p = *self;
        for (i, ch) in moves.chars().enumerate() {
            let index = i + 1;
            let digit = ch
                .to_digit(10)
                .ok_or(ParseError::InvalidCharacter { ch, index })?;
            if digit < 1 || digit > self.geo.width {
                return Err(ParseError::ColumnOutOfRange {
                    column: digit,
                    width: self.geo.width,
                    index,
                });
            }
            let col = digit - 1;
            if !p.can_play(col) {
                return Err(ParseError::ColumnFull {
                    column: digit,
                    index,
                });
            }
            if p.is_winning_move(col) {
                return Err(ParseError::GameOver {
                    column: digit,
                    index,
                });
            }
            p.play(col);
        }
        *self = p;
        Ok(())
    }

    /// Board geometry.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.geo.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.geo.height
    }

    /// Number of stones on the board.
    #[inline]
    pub fn nb_moves(&self) -> u32 {
        self.moves
    }

    /// Is the board full?
    #[inline]
    pub fn is_full(&self) -> bool {
        self.moves == self.geo.size()
    }

    /// Can a stone be dropped in column `col` (0-based)? False for columns
    /// outside the board.
    #[inline]
    pub fn can_play(&self, col: u32) -> bool {
        col < self.geo.width && self.mask & self.geo.top_of(col) == 0
    }

    /// Number of stones in column `col` (0-based, must be on the board).
    pub fn column_height(&self, col: u32) -> u32 {
        (self.mask & self.geo.column_mask(col)).count_ones()
    }

    /// Drops a stone of the side to move in column `col` (0-based).
    ///
    /// The column must be playable ([`Position::can_play`]); playing a
    /// winning move is allowed but the solver must not be asked about the
    /// resulting (finished) position.
    #[inline]
    pub fn play(&mut self, col: u32) {
        debug_assert!(self.can_play(col));
        let mv = (self.mask + self.geo.bottom_of(col)) & self.geo.column_mask(col);
        self.play_bit(mv, col);
    }

    /// Plays the move whose new stone is the single bit `mv` in column
    /// `col`.
    #[inline]
    pub(crate) fn play_bit(&mut self, mv: u64, col: u32) {
        self.current ^= self.mask;
        self.mask |= mv;
        let mcol = self.geo.w() - 1 - col;
        self.current_m ^= self.mask_m;
        self.mask_m |= (self.mask_m + self.geo.bottom_of(mcol)) & self.geo.column_mask(mcol);
        self.moves += 1;
    }

    /// Would dropping a stone in column `col` complete four in a row for the
    /// side to move? The column must be playable.
    #[inline]
    pub fn is_winning_move(&self, col: u32) -> bool {
        self.winning_cells() & self.possible() & self.geo.column_mask(col) != 0
    }

    /// Can the side to move win with its next stone?
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// The cell each playable column would receive next.
    #[inline]
    pub(crate) fn possible(&self) -> u64 {
        self.geo.possible(self.mask)
    }

    /// Empty cells completing four for the side to move.
    #[inline]
    pub(crate) fn winning_cells(&self) -> u64 {
        self.geo.winning_cells(self.current, self.mask)
    }

    /// The four bitboards: stones of the side to move, all stones, and the
    /// same two of the mirror image.
    #[inline]
    pub(crate) fn raw(&self) -> [u64; 4] {
        [self.current, self.mask, self.current_m, self.mask_m]
    }

    /// The position whose [`Position::key`] is `key`, if `key` is the key
    /// of a position of `geo` (the stones of the side to move plus one
    /// marker bit above every column).
    pub(crate) fn from_key(geo: Geometry, key: u64) -> Option<Position> {
        let h = geo.height + 1;
        let col = (1u64 << h) - 1;
        if geo.key_bits() < 64 && key >> geo.key_bits() != 0 {
            return None;
        }
        let mut markers = 0u64;
        for c in 0..geo.width {
            let bits = (key >> (c * h)) & col;
            if bits == 0 {
                return None;
            }
            markers |= 1u64 << (63 - bits.leading_zeros() + c * h);
        }
        let mask = markers - geo.bottom;
        let current = key - markers;
        let moves = mask.count_ones();
        let pos = Position::from_raw(
            geo,
            [current, mask, geo.mirror(current), geo.mirror(mask)],
            moves,
        );
        // The side to move has as many stones as the other, or one fewer.
        let mine = current.count_ones();
        (mine == moves / 2).then_some(pos)
    }

    /// The position with the given [`Position::raw`] bitboards.
    #[inline]
    pub(crate) fn from_raw(geo: Geometry, raw: [u64; 4], moves: u32) -> Position {
        let [current, mask, current_m, mask_m] = raw;
        Position {
            current,
            mask,
            current_m,
            mask_m,
            moves,
            geo,
        }
    }

    /// A key identifying the position (stones and side to move): the
    /// stones of the side to move plus one marker bit above every column.
    /// Fits in [`Geometry::key_bits`] bits.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask + self.geo.bottom
    }

    /// The smaller of the keys of the position and of its mirror image, and
    /// whether that is the mirror image's key.
    #[inline]
    pub fn canonical_key(&self) -> (u64, bool) {
        let k = self.key();
        let km = self.current_m + self.mask_m + self.geo.bottom;
        if km < k {
            (km, true)
        } else {
            (k, false)
        }
    }

    /// The mirror image of this position (column `c` becomes
    /// `width - 1 - c`).
    pub fn mirrored(&self) -> Position {
        Position {
            current: self.current_m,
            mask: self.mask_m,
            current_m: self.current,
            mask_m: self.mask,
            moves: self.moves,
            geo: self.geo,
        }
    }

    /// Has the player who just moved four in a row? (Never true for a
    /// position built with [`Position::play_moves`].)
    pub fn last_mover_won(&self) -> bool {
        self.geo.has_four(self.current ^ self.mask)
    }

    /// Checks the internal mirror bitboards (for tests).
    #[doc(hidden)]
    pub fn mirror_consistent(&self) -> bool {
        self.geo.mirror(self.current) == self.current_m && self.geo.mirror(self.mask) == self.mask_m
    }

    /// Who owns the cell `(col, row)` (0-based, row 0 = bottom): `Some(true)`
    /// for the side to move, `Some(false)` for the opponent, `None` if empty.
    pub fn cell(&self, col: u32, row: u32) -> Option<bool> {
        if col >= self.geo.width || row >= self.geo.height {
            return None;
        }
        let bit = 1u64 << (col * (self.geo.height + 1) + row);
        if self.mask & bit == 0 {
            None
        } else {
            Some(self.current & bit != 0)
        }
    }
}
