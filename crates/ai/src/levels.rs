//! What each level does: its search limits and the order of its decisions
//! (win now, block, double threat, threat sequence, search).

use crate::board::Board;
use crate::budget::Budget;
use crate::candidates::root_moves;
use crate::choice::Choice;
use crate::level::Level;
use crate::search::{moves_to_result, Limits, Search};
use crate::threats::{double_threats, threat_makers, threat_sequence};
use hypertac_core::{Player, Position, WinRule};

/// The search limits of a searching level (`None` for random and seed).
pub(crate) fn limits(level: Level) -> Option<Limits> {
    match level {
        Level::Random | Level::Seed => None,
        Level::Easy => Some(Limits {
            max_depth: 2,
            work: 100_000,
            root_width: 12,
            width: 8,
            threat_work: 0,
            tt_log2: 12,
        }),
        Level::Medium => Some(Limits {
            max_depth: 4,
            work: 1_500_000,
            root_width: 20,
            width: 10,
            threat_work: 100_000,
            tt_log2: 16,
        }),
        Level::Hard | Level::Perfect => Some(Limits {
            max_depth: 40,
            work: 12_000_000,
            root_width: 32,
            width: 12,
            threat_work: 1_500_000,
            tt_log2: 20,
        }),
    }
}

fn choice(b: &Board, id: u32, reason: impl Into<String>) -> Option<Choice> {
    Some(Choice::new(b.cell(id), reason))
}

/// Work of the search in a quiet position (see [`Heat::Quiet`]): a few
/// milliseconds on every board.
const QUIET_WORK: u64 = 150_000;
/// Deepest iteration of the search in a quiet position.
const QUIET_DEPTH: i32 = 4;

/// Least work of the search when lines two short exist but no fork, or a
/// fork (see [`Heat`]), whatever the board's share of [`GAME_WORK`].
const WARM_WORK: u64 = 150_000;

/// Work per move shared out over a game that fills the board: the share of
/// a move is this divided by the square of the side's moves, so boards up
/// to 5^4 (313 moves a side) keep the level's full budget and the largest
/// tournament board (3,888 moves a side on 6^5) only the floors below.
const GAME_WORK: u64 = 1_250_000_000_000;

/// Hot positions get this many shares of [`GAME_WORK`] (at most the level's budget).
const HOT_SHARES: u64 = 4;

/// The work of one move's share of [`GAME_WORK`] on this board.
fn game_share(pos: &Position) -> u64 {
    let moves = pos.rules().shape().cell_count().div_ceil(2).max(1);
    GAME_WORK / moves.saturating_mul(moves)
}

/// How much can happen soon in a first-to-k game, which sets the search's budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Heat {
    /// No side has a line two stones (or fewer) short of complete that the
    /// other side has not blocked: no threat can appear within a move of
    /// either side, no double threat within two. The search only has to
    /// place a stone well: [`QUIET_WORK`], depth [`QUIET_DEPTH`].
    Quiet,
    /// Such lines exist, but no empty cell lies on two of them of one side,
    /// so no move makes a double threat: one share of [`GAME_WORK`], at
    /// least [`WARM_WORK`].
    Warm,
    /// A move of one side would make two threats at once (a fork), or a
    /// line is one short: [`HOT_SHARES`] shares of [`GAME_WORK`].
    Hot,
}

/// The [`Heat`] of a first-to-k position.
fn heat(b: &Board) -> Heat {
    let sides = [Player::X, Player::O];
    if sides.iter().any(|&p| !b.open(p).is_empty()) {
        return Heat::Hot;
    }
    if sides.iter().all(|&p| b.open2(p).is_empty()) {
        return Heat::Quiet;
    }
    let fork = |p: Player| {
        threat_makers(b, p)
            .first()
            .is_some_and(|&(_, lines)| lines >= 2)
    };
    if sides.into_iter().any(fork) {
        Heat::Hot
    } else {
        Heat::Warm
    }
}

/// The move of a searching level.
pub(crate) fn search_move(
    pos: &Position,
    limits: &Limits,
    seed: u64,
    budget: &Budget,
) -> Option<Choice> {
    if pos.is_over() {
        return None;
    }
    if pos.is_dead() {
        let cell = pos.legal_moves().next()?;
        return Some(Choice::new(
            cell,
            "no line can be completed: every move draws",
        ));
    }
    let mut b = Board::new(pos);
    let me = b.to_move();
    let them = me.other();
    if b.win() == WinRule::FirstToK {
        if let Some(&c) = b.threat_cells(me).first() {
            return choice(&b, c, "wins now");
        }
        let blocks = b.threat_cells(them);
        match blocks.len() {
            0 => {}
            1 => return choice(&b, blocks[0], format!("blocks {them}'s line")),
            _ => {
                return choice(
                    &b,
                    blocks[0],
                    format!("blocks one of {them}'s lines ({them} has two)"),
                )
            }
        }
        if limits.threat_work > 0 {
            let until = b.work() + limits.threat_work;
            if let Some(&c) = double_threats(&mut b, until).first() {
                return choice(&b, c, "makes a double threat: wins in 2");
            }
            let until = b.work() + limits.threat_work;
            if let Some((c, n)) = threat_sequence(&mut b, 12, until) {
                return choice(&b, c, format!("forces a win in {n}"));
            }
        }
    }
    let mut limits = *limits;
    if b.win() == WinRule::FirstToK {
        match heat(&b) {
            Heat::Quiet => {
                // Half a share where the board is small enough to afford
                // it (the opening of 5^4 matters); a shallow search on the
                // largest boards.
                let quiet = (game_share(pos) / 2).max(QUIET_WORK);
                limits.work = limits.work.min(quiet);
                if quiet == QUIET_WORK {
                    limits.max_depth = limits.max_depth.min(QUIET_DEPTH);
                }
            }
            Heat::Warm => limits.work = limits.work.min(game_share(pos).max(WARM_WORK)),
            Heat::Hot => {
                let hot = game_share(pos).saturating_mul(HOT_SHARES).max(WARM_WORK);
                limits.work = limits.work.min(hot);
            }
        }
    }
    let limits = &limits;
    let (root, pool) = root_moves(&mut b, pos, limits.root_width, seed);
    let first = *root.first()?;
    if root.len() == 1 {
        return choice(&b, first, "only sensible move");
    }
    let mut search = Search::new(b, root.clone(), pool, limits, budget);
    let found = search.run(limits.max_depth);
    let mut b = search.b;
    let empty = pos.rules().shape().cell_count() - pos.moves().len() as u64;
    let (best, reason) = match found {
        None => (first, "best first guess (no time to search)".to_string()),
        Some(f) => (f.best, search_reason(f.score, f.depth, empty, limits)),
    };
    if limits.threat_work > 0
        && b.win() == WinRule::FirstToK
        && found.is_some_and(|f| f.score < PROVEN_WIN)
    {
        if let Some(safe) = avoid_threat_sequences(&mut b, best, &root, limits.threat_work) {
            if safe != best {
                return choice(&b, safe, "stops a forced threat sequence");
            }
        }
    }
    let mut chosen = choice(&b, best, reason)?;
    chosen.depth = found.map(|f| f.depth as u32);
    Some(chosen)
}

/// The reason for the search's move, from its score and the depth it
/// completed on a board with `empty` empty cells. The search saw the whole
/// game when no move was left out (every node has at most `width` moves)
/// and it reached the end of the board: its value is then exact, its
/// distances too. Elsewhere a "win in n" is what the pruned search sees,
/// not a proof.
fn search_reason(score: i64, depth: i32, empty: u64, limits: &Limits) -> String {
    let whole = empty <= limits.width.min(limits.root_width) as u64 && depth as u64 >= empty;
    match moves_to_result(score) {
        Some(n) if score > 0 && whole => format!("wins in {n}"),
        Some(n) if whole => format!("holds out longest (loses in {n})"),
        Some(n) if score > 0 => format!("search sees a win in {n}"),
        Some(n) => format!("search sees a loss in {n}"),
        None if whole && score == 0 => "perfect play: draws".into(),
        None => format!("best by search to depth {depth}"),
    }
}

const PROVEN_WIN: i64 = crate::eval::PROVEN;

/// The first of `best`, then the other root moves, after which the opponent
/// has no threat sequence; `None` if every move allows one.
fn avoid_threat_sequences(b: &mut Board, best: u32, root: &[u32], work: u64) -> Option<u32> {
    let order = std::iter::once(best).chain(root.iter().copied().filter(|&m| m != best));
    for m in order.take(8) {
        b.make(m);
        let until = b.work() + work / 4;
        let loses = threat_sequence(b, 12, until).is_some();
        b.unmake();
        if !loses {
            return Some(m);
        }
    }
    None
}
