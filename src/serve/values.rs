//! `GET /api/analyze?game=G&moves=M` on any board: every move's value from
//! `hypertac_ai::analyze`, the same JSON as `hypertac analyze --json`.
//!
//! One analysis works at a time, on a blocking thread, under a time limit
//! (`ms`, default [`DEFAULT_MS`]) and a stop flag: a request for a new
//! position stops the one before it (which then answers with the values
//! found so far). Values and the prover's table are kept, so asking again
//! for a position goes on where the last answer stopped.

use super::error::{ApiError, ApiResult};
use crate::analyze::view::{analysis_view, parse_position, review_view, AnalysisView, ReviewView};
use hypertac_ai::analyze::Analyzer;
use hypertac_ai::Budget;
use hypertac_core::rules_request::{parse_axis, Base, RulesRequest};
use hypertac_core::{Rules, Shape};
use serde::Deserialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Time an analysis takes unless the request says (`ms`).
pub const DEFAULT_MS: u64 = 10_000;
/// Longest time a request may ask for.
pub const MAX_MS: u64 = 60_000;

/// The analyser and the stop flag of the analysis working now.
pub struct Values {
    analyzer: Arc<Analyzer>,
    current: Mutex<Option<Arc<AtomicBool>>>,
}

/// The query: the rules (a preset, or a shape with k, gravity, rule,
/// wrap), the moves, and the time.
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct ValuesQuery {
    pub game: Option<String>,
    pub shape: Option<String>,
    pub k: Option<u32>,
    pub gravity: Option<String>,
    pub rule: Option<String>,
    pub wrap: Option<bool>,
    pub moves: Option<String>,
    /// Connect Four column string (the solver's analysis, `analysis.rs`).
    pub pos: Option<String>,
    pub ms: Option<u64>,
}

impl ValuesQuery {
    /// The rules asked for.
    ///
    /// # Errors
    /// 400 naming the bad field.
    pub fn rules(&self) -> ApiResult<Rules> {
        let bad = |e: String| ApiError::bad_request(e);
        let base = match (&self.game, &self.shape) {
            (Some(_), Some(_)) => return Err(bad("give either game or shape, not both".into())),
            (Some(game), None) => Base::Preset(game),
            (None, Some(shape)) => {
                Base::Shape(Shape::parse(shape).map_err(|e| bad(format!("shape: {e}")))?)
            }
            (None, None) => {
                return Err(bad(
                    "say which game: game=qubic, or shape=4x4x4 (with k, gravity, rule, wrap)"
                        .into(),
                ))
            }
        };
        let gravity = match &self.gravity {
            Some(text) => Some(parse_axis(text).ok_or_else(|| {
                bad(format!(
                    "gravity {text:?}: expected an axis number from 0, x, y, z, w or none"
                ))
            })?),
            None => None,
        };
        RulesRequest {
            base,
            k: self.k,
            gravity,
            rule: self.rule.as_deref(),
            wrap: self.wrap.unwrap_or(false),
        }
        .rules()
        .map_err(|e| bad(e.to_string()))
    }
}

/// Time each position of a review gets unless the request says (`ms`).
pub const REVIEW_MS: u64 = 2_000;
/// Longest time a whole review may take.
pub const MAX_REVIEW_MS: u64 = 120_000;

impl Values {
    /// An analyser with the default table (allocated on first need).
    pub fn new() -> Values {
        Values {
            analyzer: Arc::new(Analyzer::default()),
            current: Mutex::new(None),
        }
    }

    /// Stops the analysis working now and returns the flag of the next.
    fn take_turn(&self) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut current = self.current.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(old) = current.replace(stop.clone()) {
            old.store(true, Ordering::Relaxed);
        }
        stop
    }

    /// Reviews the game of the query (it may be finished): each
    /// position's value, `ms` each (default [`REVIEW_MS`]).
    ///
    /// # Errors
    /// 400 for bad rules or moves.
    pub async fn review(&self, q: ValuesQuery) -> ApiResult<ReviewView> {
        let ms = q.ms.unwrap_or(REVIEW_MS).clamp(1, MAX_MS);
        let stop = self.take_turn();
        let analyzer = self.analyzer.clone();
        let task = tokio::task::spawn_blocking(move || {
            let rules = q.rules()?;
            let pos = parse_position(&rules, q.moves.as_deref().unwrap_or(""))
                .map_err(|e| ApiError::bad_request(format!("moves: {e}")))?;
            let budget = Budget {
                deadline: Some(Instant::now() + Duration::from_millis(MAX_REVIEW_MS)),
                stop: Some(stop),
            };
            let review = analyzer.review(&pos, Duration::from_millis(ms), &budget);
            Ok(review_view(&rules, &review))
        });
        task.await
            .map_err(|e| ApiError::internal(format!("the review failed: {e}")))?
    }

    /// Answers a query (see the module docs).
    ///
    /// # Errors
    /// 400 for bad rules, moves, a finished game or too big a board.
    pub async fn answer(&self, q: ValuesQuery) -> ApiResult<AnalysisView> {
        let ms = q.ms.unwrap_or(DEFAULT_MS).clamp(1, MAX_MS);
        let stop = self.take_turn();
        let analyzer = self.analyzer.clone();
        let task = tokio::task::spawn_blocking(move || {
            let rules = q.rules()?;
            let moves = q.moves.as_deref().unwrap_or("");
            let pos = parse_position(&rules, moves)
                .map_err(|e| ApiError::bad_request(format!("moves: {e}")))?;
            let budget = Budget {
                deadline: Some(Instant::now() + Duration::from_millis(ms)),
                stop: Some(stop),
            };
            let analysis = analyzer
                .analyze(&pos, &budget)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            Ok(analysis_view(&pos, &analysis))
        });
        task.await
            .map_err(|e| ApiError::internal(format!("the analysis failed: {e}")))?
    }
}
