//! Why a move wins or loses, in a player's words, where threats show it:
//! the move completes a line, or it starts a threat sequence of its own
//! side (each threat answered by the only block, until two threats at
//! once), or after it the other side completes a line or wins by such a
//! sequence; or, making no threat yet, it threatens such a sequence (one
//! the other side would lose to if it passed). A move's value comes from
//! the analysis; its reason is given only where the value is a proved win
//! and a short threat search finds a sequence for that winner, so a
//! reason never contradicts a value.
//! Where no sequence shows why a move loses, the other side's winning
//! reply is named if the prover's table shows it (its proof is too large
//! to list). A move proved to draw gets the pairs that hold the lines
//! after it, where there are (`pairs.rs`). Other wins and draws get no
//! reason.

use super::pairs::{draw_pairs, drawing_reason, Held};
use super::why::sequence_words;
use super::{search, Analysis, MoveValue, Reason, Source, Value};
use crate::board::Board;
use crate::prove::vcf::{Sequence, Vcf};
use crate::prove::SharedTable;
use hypertac_core::{notation, Cell, Player, Position, Rules};
use hypertac_proof::Why;

/// Most moves of the winner in a sequence shown.
const DEPTH: u32 = 32;

/// Positions one move's threat search may visit: a sequence found within
/// it is found at once; on Qubic a failed search of this size takes well
/// under a millisecond.
const LIMIT: u64 = 5_000;

/// Most moves of one position whose winning reply is looked up in the
/// table (each lookup reads the table for every reply; milliseconds on
/// Qubic).
const REPLY_LIMIT: usize = 128;

/// Why a move wins or loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveReason {
    /// Threats show it (see the module docs).
    Threats(Reason),
    /// The move threatens this threat sequence (its side's, were the
    /// other side to pass); every reply loses, as the value says.
    Threatens {
        /// The side that wins.
        player: Player,
        /// The sequence threatened, its side's moves and the blocks in turn.
        sequence: Vec<Cell>,
    },
    /// The move loses to this reply of the other side, found by the
    /// prover, whose proof is too large to list.
    Reply {
        /// The side that wins.
        player: Player,
        /// Its reply.
        cell: Cell,
    },
    /// The move draws, and after it pairs hold the lines of one side or of
    /// both (`pairs.rs`).
    Pairs(Held),
    /// The move draws: after this reply of the other side, found by the
    /// prover, neither side can force a win.
    Holds {
        /// The side that replies.
        player: Player,
        /// Its reply.
        cell: Cell,
        /// The mover's open lines that pairs of the replying side hold
        /// after the reply, where a pairing shows it (`pairs.rs`).
        paired: Option<usize>,
    },
}

impl MoveReason {
    /// The moves it names, in the order they are played: the winner's
    /// first (the move itself where it starts its own sequence), then the
    /// two sides in turn.
    pub fn moves(&self) -> Vec<Cell> {
        match self {
            MoveReason::Threats(Reason {
                why: Why::Sequence(moves),
                ..
            }) => moves.clone(),
            MoveReason::Threats(r) => vec![r.cell],
            MoveReason::Threatens { .. } => Vec::new(),
            MoveReason::Reply { cell, .. } | MoveReason::Holds { cell, .. } => vec![*cell],
            MoveReason::Pairs(_) => Vec::new(),
        }
    }

    /// The cells of [`MoveReason::moves`] as written on `shape`
    /// (`x,y,..`), or `None` where it names none (the JSON's and Python's
    /// `why_moves`).
    pub fn cells_text(&self, shape: &hypertac_core::Shape) -> Option<Vec<String>> {
        let moves = self.moves();
        (!moves.is_empty()).then(|| {
            moves
                .into_iter()
                .map(|c| notation::format_cell(shape, c))
                .collect()
        })
    }

    /// The reason in words, moves written as a player types them on
    /// `rules` (cells, or columns on gravity boards).
    pub fn words(&self, rules: &Rules) -> String {
        match self {
            MoveReason::Threats(r) => r.words(rules),
            MoveReason::Threatens { player, sequence } => format!(
                "{player} then threatens a threat sequence ({}), and every reply of {} loses (proved)",
                sequence_words(*player, sequence, rules),
                player.other()
            ),
            MoveReason::Reply { player, cell } => format!(
                "{player} replies {} and wins (proved by search, too long to list)",
                notation::format_move(rules, *cell)
            ),
            MoveReason::Pairs(held) => held.words(),
            MoveReason::Holds {
                player,
                cell,
                paired: Some(n),
            } => format!(
                "a draw: {player} replies {}, after which {player} holds {}'s {} by pairs, a stone on one cell of a pair answered on the other; {player} cannot win either (proved)",
                notation::format_move(rules, *cell),
                player.other(),
                match n {
                    1 => "last open line".to_string(),
                    n => format!("{n} open lines"),
                }
            ),
            MoveReason::Holds { player, cell, .. } => format!(
                "a draw: {player} replies {}, after which neither side can force a win (proved by search, too long to list)",
                notation::format_move(rules, *cell)
            ),
        }
    }
}

/// Threat positions all the moves of one position may take together: on
/// 4^5, after X's first move, 1,000 replies are wins for X, and their
/// reasons must not hold up an answer that is otherwise at once.
const TOTAL_LIMIT: u64 = 200_000;

/// The reason for each move's value of `analysis` of `pos` (in the order
/// of its moves), where threats or the prover's reply show it.
pub fn move_reasons(pos: &Position, analysis: &Analysis) -> Vec<Option<MoveReason>> {
    let threats = threat_reasons(pos, &analysis.moves);
    let pairs = draw_pairs(pos, &analysis.moves);
    analysis
        .moves
        .iter()
        .zip(threats)
        .zip(pairs)
        .map(|((m, r), pairs)| {
            if r.is_some() {
                return r;
            }
            let player = pos.to_move().other();
            let reply = analysis
                .replies
                .iter()
                .find(|(c, _)| *c == m.cell)
                .map(|&(_, cell)| cell);
            match reply {
                Some(cell) if m.known.value == Value::Win(player) => {
                    Some(MoveReason::Reply { player, cell })
                }
                // A draw's pairs say more than the reply that holds it.
                _ => pairs.map(MoveReason::Pairs).or_else(|| {
                    reply
                        .filter(|_| m.known.value == Value::Draw)
                        .map(|cell| MoveReason::Holds {
                            player,
                            cell,
                            paired: paired_after(pos, m.cell, cell),
                        })
                }),
            }
        })
        .collect()
}

/// Why the side to move wins `pos`, in words, from a move the analysis
/// marks best and its reason (`reasons`, as [`move_reasons`] gives them):
/// `X plays 2,0,1: a threat sequence: ...` or `X plays 0,3,0, then
/// threatens a threat sequence (...)`; `None` where the side to move has
/// no winning move with a reason.
pub fn winning_reason(
    pos: &Position,
    analysis: &Analysis,
    reasons: &[Option<MoveReason>],
) -> Option<String> {
    let me = pos.to_move();
    let rules = pos.rules();
    analysis
        .moves
        .iter()
        .zip(reasons)
        .find(|(m, r)| m.known.value == Value::Win(me) && analysis.is_best(m) && r.is_some())
        .and_then(|(m, r)| {
            let words = r.as_ref()?.words(rules);
            let head = format!("{me} plays {}", notation::format_move(rules, m.cell));
            let then = format!("{me} then ");
            Some(match words.strip_prefix(&then) {
                Some(rest) => format!("{head}, then {rest}"),
                None if words.starts_with(&format!("{head}:")) => words,
                None => format!("{head}: {words}"),
            })
        })
}

/// Why `pos` has the value `analysis` gives it, in words: why the side to
/// move wins ([`winning_reason`]), else, for a proved draw, the pairs that
/// hold the lines (`pairs.rs`), else a best move and the reply that holds
/// it; `None` where none shows it.
pub fn position_reason(
    pos: &Position,
    analysis: &Analysis,
    reasons: &[Option<MoveReason>],
) -> Option<String> {
    winning_reason(pos, analysis, reasons)
        .or_else(|| drawing_reason(pos, analysis))
        .or_else(|| holding_reason(pos, analysis, reasons))
}

/// How many of the mover's open lines pairs of the other side hold after
/// the mover's `mv` and the other side's `reply` in `pos` (none if no
/// pairing holds them all, or the mover has no open line left).
fn paired_after(pos: &Position, mv: Cell, reply: Cell) -> Option<usize> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    after.play_unchecked(reply);
    let held = Held::of(&after)?;
    let lines = match pos.to_move() {
        Player::X => held.x,
        Player::O => held.o,
    }?;
    (!lines.is_empty()).then_some(lines.len())
}

/// Why `pos`, proved a draw, is one, from a best move whose reason is the
/// other side's reply that holds it: `X plays 1,1,0; O replies 3,3,0,
/// after which neither side can force a win (...)`.
fn holding_reason(
    pos: &Position,
    analysis: &Analysis,
    reasons: &[Option<MoveReason>],
) -> Option<String> {
    if analysis.value() != Value::Draw {
        return None;
    }
    let rules = pos.rules();
    analysis
        .moves
        .iter()
        .zip(reasons)
        .find_map(|(m, r)| match r {
            Some(held @ MoveReason::Holds { .. }) if analysis.is_best(m) => Some(format!(
                "a draw: {} plays {}; {}",
                pos.to_move(),
                notation::format_move(rules, m.cell),
                held.words(rules).strip_prefix("a draw: ")?
            )),
            _ => None,
        })
}

/// (move, reply) for the moves of `pos` proved lost or drawn (by the
/// prover, now or in an earlier answer, or by the book), where the table
/// shows the other side's reply: for a lost move, one that wins; for a
/// drawn one, one after which the mover cannot win (nor, the move being a
/// draw, can the other side), or else one after which a pairing holds the
/// mover's lines. Whatever proved the value, a reply the table or a
/// pairing shows is proved by them.
pub(super) fn replies(
    pos: &Position,
    moves: &[MoveValue],
    table: &SharedTable,
) -> Vec<(Cell, Cell)> {
    let lost = Value::Win(pos.to_move().other());
    let asks: Vec<(Cell, bool)> = moves
        .iter()
        .filter(|m| {
            (m.known.value == lost || m.known.value == Value::Draw)
                && matches!(m.known.source, Source::Prover | Source::Kept | Source::Book)
        })
        .filter(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m.cell);
            !child.is_over()
        })
        .take(REPLY_LIMIT)
        .map(|m| (m.cell, m.known.value == lost))
        .collect();
    asks.iter()
        .zip(search::table_replies(pos, &asks, table))
        .filter_map(|(&(cell, _), reply)| Some((cell, reply?)))
        .collect()
}

/// Why `m` (a move of `pos` with its value) wins or loses, where threats
/// show it (no reply from a table).
pub(super) fn move_reason(pos: &Position, m: &MoveValue) -> Option<MoveReason> {
    threat_reasons(pos, std::slice::from_ref(m)).pop().flatten()
}

/// A shortest threat sequence of the side to move in `pos`, as the reason
/// of its first move (or the line it completes at once), if a short search
/// finds one.
pub(super) fn winning_sequence(pos: &Position) -> Option<Reason> {
    if !search::takes(pos.rules()) || pos.is_over() {
        return None;
    }
    let mut board = Board::new(pos);
    let mut vcf = Vcf::new(board.cell_count());
    sequence_reason(pos.to_move(), shortest(&mut board, &mut vcf)?)
}

/// `seq`, a threat sequence `player` found for the side to move, as the
/// reason of its first move, or of the line it completes at once.
fn sequence_reason(player: Player, seq: Sequence) -> Option<Reason> {
    let at = |c: u32| Cell(u64::from(c));
    Some(match seq.moves.first() {
        None => Reason {
            player,
            cell: at(*seq.wins.first()?),
            why: Why::WinsNow,
        },
        Some(&first) => Reason {
            player,
            cell: at(first),
            why: Why::Sequence(seq.moves.into_iter().map(at).collect()),
        },
    })
}

/// The reason for each of `moves`' values in `pos` (in their order), where
/// threats show it.
fn threat_reasons(pos: &Position, moves: &[MoveValue]) -> Vec<Option<MoveReason>> {
    if !search::takes(pos.rules()) || pos.is_over() {
        return vec![None; moves.len()];
    }
    let mut board = Board::new(pos);
    let mut vcf = Vcf::new(board.cell_count());
    moves
        .iter()
        .map(|m| {
            if vcf.total >= TOTAL_LIMIT || !pos.is_legal(m.cell) {
                return None;
            }
            let Value::Win(winner) = m.known.value else {
                return None;
            };
            let cell = u32::try_from(m.cell.0).ok()?;
            board.make(cell);
            let reason = after(&mut board, &mut vcf, cell, winner);
            board.unmake();
            reason
        })
        .collect()
}

/// A shortest threat sequence for the side to move on `board` (of at
/// most [`DEPTH`] threats), so that a player reads the quickest win:
/// searched one threat deeper at a time while the searches stay under
/// [`LIMIT`] positions in all.
fn shortest(board: &mut Board, vcf: &mut Vcf) -> Option<Sequence> {
    let start = vcf.total;
    for depth in 1..=DEPTH {
        let left = LIMIT.checked_sub(vcf.total - start).filter(|&n| n > 0)?;
        if let Some(seq) = vcf.find(board, depth, left) {
            return Some(seq);
        }
    }
    None
}

/// The reason `winner` wins after `cell` was played on `board` (left as
/// it was).
fn after(board: &mut Board, vcf: &mut Vcf, cell: u32, winner: Player) -> Option<MoveReason> {
    let mover = board.to_move().other();
    let at = |c: u32| Cell(u64::from(c));
    if let Some(result) = board.result() {
        return (winner == mover && result == -1).then_some(MoveReason::Threats(Reason {
            player: mover,
            cell: at(cell),
            why: Why::WinsNow,
        }));
    }
    if winner == mover {
        // The other side to move: it must not win at once, and the move
        // must leave one threat (its block is forced) or two.
        if board.two_threats(mover.other()).1 > 0 {
            return None;
        }
        let (threats, n) = board.two_threats(mover);
        let mut moves = vec![cell];
        match n {
            0 => {
                // No threat now: the sequence it threatens, were the other
                // side to pass.
                board.pass();
                let seq = shortest(board, vcf);
                board.unmake();
                let seq = seq.filter(|s| !s.moves.is_empty())?;
                return Some(MoveReason::Threatens {
                    player: mover,
                    sequence: seq.moves.into_iter().map(at).collect(),
                });
            }
            1 => {
                board.make(threats[0]);
                let rest = shortest(board, vcf);
                board.unmake();
                let rest = rest?;
                if rest.moves.is_empty() {
                    return None;
                }
                moves.push(threats[0]);
                moves.extend(rest.moves);
            }
            _ => {}
        }
        Some(MoveReason::Threats(Reason {
            player: mover,
            cell: at(cell),
            why: Why::Sequence(moves.into_iter().map(at).collect()),
        }))
    } else {
        sequence_reason(winner, shortest(board, vcf)?).map(MoveReason::Threats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyze::Analyzer;
    use crate::Budget;
    use hypertac_core::Rules;

    /// Replays a threatened sequence on the board after the move and a
    /// pass of the other side: each threat leaves the block named as the
    /// only cell that stops it, nobody completes a line on the way, and
    /// the last move leaves two threats the other side cannot both stop,
    /// with no line of its own to complete first.
    fn replay_threatened(pos: &Position, cell: Cell, player: Player, sequence: &[Cell]) {
        let mut b = Board::new(pos);
        b.make(cell.0 as u32);
        b.pass();
        assert_eq!(b.to_move(), player);
        for (i, &c) in sequence.iter().enumerate() {
            assert!(b.playable(c.0 as u32) && b.stone(c.0 as u32) == 0);
            b.make(c.0 as u32);
            assert!(b.result().is_none(), "a line completed inside");
            if i % 2 == 1 {
                continue;
            }
            let (threats, n) = b.two_threats(player);
            assert_eq!(
                b.two_threats(player.other()).1,
                0,
                "the defender wins first"
            );
            if i + 1 == sequence.len() {
                assert!(n >= 2, "the last move makes two threats");
            } else {
                assert_eq!((n, Cell(u64::from(threats[0]))), (1, sequence[i + 1]));
            }
        }
    }

    #[test]
    fn threatened_sequences_replay_on_qubic() {
        let rules = Rules::preset("qubic").unwrap();
        let analyzer = Analyzer::new(64 << 20);
        let games = [
            "0,0,0;3,3,3;1,1,1;2,2,1;0,1,2;3,0,3",
            "3,3,2;3,0,3;0,1,3;1,1,1;1,1,0;0,2,0;3,2,0;3,1,0",
            "1,1,1;2,2,2;1,1,2;0,0,0;2,1,1;3,3,3",
            "0,0,0;1,1,1;3,0,0;2,2,2;0,3,0",
        ];
        let mut checked = 0;
        for moves in games {
            let mut pos = Position::new(rules.clone());
            for m in moves.split(';') {
                let cell = notation::parse_move(&pos, m).unwrap();
                pos.play(cell);
            }
            let analysis = analyzer.analyze(&pos, &Budget::millis(5_000)).unwrap();
            for (m, r) in analysis.moves.iter().zip(move_reasons(&pos, &analysis)) {
                if let Some(MoveReason::Threatens { player, sequence }) = r {
                    assert_eq!(m.known.value, Value::Win(player));
                    replay_threatened(&pos, m.cell, player, &sequence);
                    checked += 1;
                }
            }
        }
        assert!(checked >= 5, "{checked} threatened sequences");
    }
}
