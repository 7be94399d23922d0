//! What an analysis looks like outside: the JSON that `hypertac analyze
//! --json` prints and `GET /api/analyze` answers (one serializer for both),
//! and the one reading of a position's move list they share.

use hypertac_ai::analyze::{move_reasons, position_reason, Analysis, MoveReason, Review};
use hypertac_core::{notation, Player, Position, Rules};
use serde::Serialize;

/// Longest move list read (characters).
pub const MAX_MOVES_TEXT: usize = 64 * 1024;

/// The analysis of a position.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct AnalysisView {
    /// The rules, as game states show them.
    pub rules: String,
    /// The moves that led to the position (`x,y;x,y`).
    pub position: String,
    /// `X` or `O`.
    pub to_move: String,
    /// The position's value as far as its moves' values show it.
    pub value: String,
    /// With the value unknown, what is proved of it: `X wins or draw`
    /// (O proved unable to win) or `O wins or draw`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<String>,
    /// Whether every move's value is known.
    pub complete: bool,
    /// The reason for the move a shipped certificate gives, in words.
    pub reason: Option<String>,
    /// Why the side to move wins, where a move marked best has a reason
    /// (`X plays 2,0,1: a threat sequence: ...`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// Every legal move.
    pub moves: Vec<MoveView>,
}

/// One legal move and the value after it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct MoveView {
    /// The move as a player types it (a column on gravity boards).
    #[serde(rename = "move")]
    pub text: String,
    /// The cell it fills (`x,y,..`).
    pub cell: String,
    /// `X wins`, `O wins`, `draw` or `unknown`.
    pub value: String,
    /// Whether the value is proved.
    pub proved: bool,
    /// With the value unknown, what is proved of it: `X wins or draw`
    /// (O proved unable to win after the move) or `O wins or draw`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<String>,
    /// Moves after this one until the end with perfect play, where exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<u32>,
    /// Where the value comes from: rules, solver, certificate, kept, prover, none.
    pub source: &'static str,
    /// One of the side to move's best moves (known once a win is, or
    /// every value).
    pub best: bool,
    /// Why the move wins or loses, where threats show it: it completes a
    /// line, or starts a threat sequence, or the other side then completes
    /// a line or wins by one (listed move by move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The cells `why` names, `x,y,..`, in the order they are played (the
    /// winner's first; on a move that starts its own sequence, the move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_moves: Option<Vec<String>>,
    /// For a move that draws by pairs (at most 26 of them), the pairs a
    /// player follows after it, `[x,y,.., x,y,..]` each: the mover's own
    /// where it holds the other side's lines, else the other side's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_pairs: Option<Vec<[String; 2]>>,
    /// The side that answers by `why_pairs`, `X` or `O`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_pairs_by: Option<String>,
}

/// The view of `analysis` of `pos`.
pub fn analysis_view(pos: &Position, analysis: &Analysis) -> AnalysisView {
    let rules = pos.rules();
    let shape = rules.shape();
    let reasons = move_reasons(pos, analysis);
    AnalysisView {
        rules: rules.to_string(),
        position: notation::format_move_list(shape, pos.moves()),
        to_move: analysis.to_move.to_string(),
        value: analysis.value().text(),
        bound: analysis.bound(),
        complete: analysis.complete(),
        reason: analysis.reason.as_ref().map(|r| r.words(rules)),
        why: position_reason(pos, analysis, &reasons),
        moves: analysis
            .moves
            .iter()
            .zip(reasons)
            .map(|(m, why)| {
                let pairs = pairs_of(why.as_ref(), pos);
                MoveView {
                    text: notation::format_move(rules, m.cell),
                    cell: notation::format_cell(shape, m.cell),
                    value: m.known.value.text(),
                    proved: m.proved(),
                    bound: m.known.bound(),
                    distance: m.known.distance,
                    source: m.known.source.name(),
                    best: analysis.is_best(m),
                    why_moves: why.as_ref().and_then(|r| r.cells_text(shape)),
                    why_pairs_by: pairs.as_ref().map(|(by, _)| by.to_string()),
                    why_pairs: pairs.map(|(_, p)| p),
                    why: why.map(|r| r.words(rules)),
                }
            })
            .collect(),
    }
}

/// The review of a game.
#[derive(Serialize, Debug, Clone)]
pub struct ReviewView {
    /// The rules.
    pub rules: String,
    /// Each move.
    pub review: Vec<StepView>,
}

/// One move of a review.
#[derive(Serialize, Debug, Clone)]
pub struct StepView {
    /// 1 for the first move.
    pub ply: usize,
    /// `X` or `O`.
    pub player: String,
    /// The move as typed.
    #[serde(rename = "move")]
    pub text: String,
    /// The value before the move.
    pub before: String,
    /// The value after it.
    pub after: String,
    /// `win` or `draw` when the move threw one away, else absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threw_away: Option<&'static str>,
    /// For a move that threw away a win or a draw and lost: why it loses,
    /// where threats show it (as a move's `why`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The cells of the line of play `why` names, in play order from the
    /// position after the move (the winner's move first), as a move's
    /// `why_moves`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_moves: Option<Vec<String>>,
    /// For a move that threw away a win: the threat sequence the player
    /// had instead, where a short search finds one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missed: Option<String>,
}

/// The view of a review of games of `rules`.
pub fn review_view(rules: &Rules, review: &Review) -> ReviewView {
    ReviewView {
        rules: rules.to_string(),
        review: review
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| StepView {
                ply: i + 1,
                player: s.player.to_string(),
                text: notation::format_move(rules, s.cell),
                before: s.before.text(),
                after: s.after.text(),
                threw_away: s.threw_away_text(),
                why: s.loses_to.as_ref().map(|r| r.words(rules)),
                why_moves: s
                    .loses_to
                    .as_ref()
                    .and_then(|r| r.cells_text(rules.shape())),
                missed: s.missed.as_ref().map(|r| r.words(rules)),
            })
            .collect(),
    }
}

/// The position after `text` on `rules`: moves separated by `;`, each a
/// cell `x,y,..` or on a gravity board its column (`4`), or on a 2-axis
/// gravity board a Connect Four column string (`4453`).
///
/// # Errors
/// One line naming the bad move.
pub fn parse_position(rules: &Rules, text: &str) -> Result<Position, String> {
    let text = text.trim();
    if text.len() > MAX_MOVES_TEXT {
        return Err(format!(
            "the move list has {} characters; at most {MAX_MOVES_TEXT} are read",
            text.len()
        ));
    }
    let columns = rules.gravity().is_some()
        && rules.shape().dims() == 2
        && text.len() > 1
        && text.bytes().all(|b| b.is_ascii_digit());
    if columns {
        return notation::play_columns(rules.clone(), text).map_err(|e| e.to_string());
    }
    let mut pos = Position::new(rules.clone());
    for (i, item) in text.split(';').map(str::trim).enumerate() {
        if item.is_empty() && text.is_empty() {
            break;
        }
        let cell = notation::parse_move(&pos, item).map_err(|e| format!("move {}: {e}", i + 1))?;
        if pos.is_over() {
            return Err(format!(
                "move {}: the game was already over before it",
                i + 1
            ));
        }
        pos.try_play(cell)
            .map_err(|e| format!("move {} ({item}): {e}", i + 1))?;
    }
    Ok(pos)
}

/// The pairs a move's reason shows on the board, with the side that
/// answers by them (`Held::shown`), as cells `x,y,..`.
fn pairs_of(why: Option<&MoveReason>, pos: &Position) -> Option<(Player, Vec<[String; 2]>)> {
    let Some(MoveReason::Pairs(held)) = why else {
        return None;
    };
    let shape = pos.rules().shape();
    let (by, pairs) = held.shown(pos.to_move())?;
    let cell = |c| notation::format_cell(shape, c);
    Some((by, pairs.iter().map(|&[a, b]| [cell(a), cell(b)]).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_ai::analyze::{Known, MoveValue, Source, Value};
    use hypertac_core::{Cell, Player};

    fn known(value: Value, cannot_win: Option<Player>) -> Known {
        Known {
            value,
            distance: None,
            source: Source::Prover,
            cannot_win,
        }
    }

    #[test]
    fn a_bound_is_shown_with_an_unknown_value_only() {
        let pos = Position::new(Rules::preset("tictactoe").unwrap());
        let analysis = Analysis {
            to_move: Player::X,
            moves: vec![
                MoveValue {
                    cell: Cell(0),
                    known: known(Value::Unknown, Some(Player::O)),
                },
                MoveValue {
                    cell: Cell(1),
                    known: known(Value::Unknown, Some(Player::X)),
                },
                MoveValue {
                    cell: Cell(2),
                    known: known(Value::Unknown, None),
                },
                MoveValue {
                    cell: Cell(3),
                    known: known(Value::Win(Player::O), None),
                },
            ],
            reason: None,
            replies: Vec::new(),
            own: Known::UNKNOWN,
        };
        let view = analysis_view(&pos, &analysis);
        let bounds: Vec<Option<&str>> = view.moves.iter().map(|m| m.bound.as_deref()).collect();
        assert_eq!(
            bounds,
            [Some("X wins or draw"), Some("O wins or draw"), None, None]
        );
        assert!(view
            .moves
            .iter()
            .take(3)
            .all(|m| m.value == "unknown" && !m.proved));
        // X has a move after which O cannot win: X wins or draws.
        assert_eq!(view.value, "unknown");
        assert_eq!(view.bound.as_deref(), Some("X wins or draw"));
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["moves"][0]["bound"], "X wins or draw");
        assert!(json["moves"][2].get("bound").is_none(), "{json}");
        // Every move leaves X unable to win: O wins or draws.
        let mut lost = analysis.clone();
        lost.moves.remove(0);
        lost.moves[1].known = known(Value::Unknown, Some(Player::X));
        assert_eq!(
            analysis_view(&pos, &lost).bound.as_deref(),
            Some("O wins or draw")
        );
    }
}
