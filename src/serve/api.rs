//! The JSON API's routes (documented in docs/serve.md) and the router
//! that serves them with the page.

use super::assets;
use super::error::{ApiError, ApiResult, Body, Params};
use super::records;
use super::security;
use super::state::{blocking, session_error, AppState};
use super::values::ValuesQuery;
use super::view::{game_view, GameView};
use crate::session::{line_text, now_ms, MoveInput, Search, Session, Side};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use hypertac_ai::{Budget, Level};
use hypertac_core::{lines, notation, Position, Rules, Shape, WinRule, PRESETS};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Largest request body accepted (413 beyond).
pub const BODY_LIMIT: usize = 64 * 1024;
/// Longest time a computer move or hint may take, in milliseconds.
pub const MAX_THINK_MS: u64 = 60_000;

/// The router: page, API, security middleware and body limit.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/info", get(info))
        .route("/games", post(new_game))
        .route("/games/current", get(current))
        .route("/games/current/moves", post(play))
        .route("/games/current/undo", post(undo))
        .route("/games/current/redo", post(redo))
        .route("/games/current/cpu", post(cpu))
        .route("/games/current/hint", post(hint))
        .route("/games/current/stop", post(stop))
        .route("/games/current/players", post(set_players))
        .route("/games/current/lines", get(lines))
        .route("/analyze", get(analyze))
        .route("/review", get(review))
        .merge(records::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed);
    let guard = state.guard();
    Router::new()
        .merge(assets::routes())
        .nest("/api", api)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::map_response(super::error::json_errors))
        .with_state(state)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            guard,
            security::protect,
        ))
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page or API route")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method",
    )
}

#[derive(Serialize)]
struct Info {
    presets: Vec<Preset>,
    levels: Vec<&'static str>,
    version: &'static str,
}

#[derive(Serialize)]
struct Preset {
    name: &'static str,
    description: &'static str,
    /// The preset's rules as game states show them, so the page can tell
    /// which preset the current game is.
    rules: String,
    /// The game's name and board in a player's words.
    title: String,
    /// The game's name ("Connect Four"), for the New dialog's list.
    game: String,
    /// Its board in a player's words, shown under the list.
    about: String,
}

async fn info() -> Json<Info> {
    Json(Info {
        presets: PRESETS
            .iter()
            .map(|&(name, description)| Preset {
                name,
                description,
                rules: Rules::preset(name).map_or_else(|_| String::new(), |r| r.to_string()),
                title: crate::words::preset_title(name, description),
                game: Rules::preset(name)
                    .map_or_else(|_| name.to_string(), |r| crate::words::game_name(&r)),
                about: crate::words::preset_about(description),
            })
            .collect(),
        levels: Level::ALL.iter().map(|l| l.name()).collect(),
        version: env!("CARGO_PKG_VERSION"),
    })
}

/// `POST /api/games`: rules and players; omitted fields take the preset's
/// values (or the defaults: tic-tac-toe, human vs cpu:hard).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: Option<String>,
    shape: Option<String>,
    k: Option<u32>,
    #[serde(default, deserialize_with = "present")]
    gravity: Option<Option<usize>>,
    rule: Option<String>,
    wrap: Option<bool>,
    x: Option<String>,
    o: Option<String>,
    /// Opening moves as a list `x,y;x,y`.
    moves: Option<String>,
    /// Opening moves as a Connect Four column string `4453`.
    pos: Option<String>,
}

/// Tells an explicit `null` (`Some(None)`) from an omitted field (`None`).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

fn bad(e: impl ToString) -> ApiError {
    ApiError::bad_request(e.to_string())
}

impl NewGame {
    fn rules(&self) -> ApiResult<Rules> {
        let base = Rules::preset(self.game.as_deref().unwrap_or("tictactoe")).map_err(bad)?;
        let custom = self.shape.is_some();
        let shape = match &self.shape {
            Some(text) => Shape::parse(text).map_err(bad)?,
            None => base.shape().clone(),
        };
        let k = self
            .k
            .unwrap_or(if custom { shape.min_side() } else { base.k() });
        let gravity = match self.gravity {
            Some(g) => g,
            None if custom => None,
            None => base.gravity(),
        };
        let win = match &self.rule {
            Some(r) => WinRule::parse(r).map_err(bad)?,
            None => base.win(),
        };
        Rules::new(shape, k)
            .and_then(|r| r.with_gravity(gravity))
            .map(|r| r.with_win(win))
            .and_then(|r| r.with_wrap(self.wrap.unwrap_or(!custom && base.wrap())))
            .map_err(bad)
    }

    fn sides(&self) -> ApiResult<[Side; 2]> {
        let x = Side::parse(self.x.as_deref().unwrap_or("human")).map_err(bad)?;
        let o = Side::parse(self.o.as_deref().unwrap_or("cpu:hard")).map_err(bad)?;
        Ok([x, o])
    }

    /// The opening moves, checked on the rules.
    fn opening(&self, rules: &Rules) -> ApiResult<Vec<hypertac_core::Cell>> {
        match (&self.moves, &self.pos) {
            (Some(_), Some(_)) => Err(bad("give either \"moves\" or \"pos\", not both")),
            (Some(text), None) => {
                let cells = notation::parse_move_list(rules.shape(), text).map_err(bad)?;
                hypertac_core::Position::from_moves(rules.clone(), &cells)
                    .map_err(|(i, e)| bad(format!("move {} of \"moves\": {e}", i + 1)))?;
                Ok(cells)
            }
            (None, Some(text)) => notation::play_columns(rules.clone(), text)
                .map(|p| p.moves().to_vec())
                .map_err(bad),
            (None, None) => Ok(Vec::new()),
        }
    }
}

async fn new_game(
    State(app): State<AppState>,
    Body(req): Body<NewGame>,
) -> ApiResult<Json<GameView>> {
    // The board is built (and the opening played) on a blocking thread and
    // outside the game lock: its cost is bounded by the core's dense limits
    // (bigger boards are sparse), but it is still the one costly step here.
    let (pos, sides) = blocking(move || {
        let rules = req.rules()?;
        let sides = req.sides()?;
        let opening = req.opening(&rules)?;
        let mut pos = Position::new(rules);
        for cell in opening {
            pos.try_play(cell)
                .map_err(|e| ApiError::conflict(e.to_string()))?;
        }
        Ok((pos, sides))
    })
    .await?;
    app.stop_thinking();
    app.with_session(move |session, app| {
        let store = app.open_store()?;
        *session = Session::start(pos, sides, now_ms(), Some(store)).map_err(session_error)?;
        let mut view = game_view(session, app.is_thinking());
        view.kept = session.kept().map(str::to_string);
        Ok(Json(view))
    })
    .await
}

async fn current(State(app): State<AppState>) -> ApiResult<Json<GameView>> {
    app.with_session(|session, app| Ok(Json(game_view(session, app.is_thinking()))))
        .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

async fn play(
    State(app): State<AppState>,
    Body(req): Body<MoveRequest>,
) -> ApiResult<Json<GameView>> {
    app.with_session(move |session, app| {
        session
            .play_move(MoveInput::Text(&req.text))
            .map_err(session_error)?;
        Ok(Json(game_view(session, app.is_thinking())))
    })
    .await
}

async fn undo(State(app): State<AppState>) -> ApiResult<Json<GameView>> {
    app.stop_thinking();
    app.with_session(move |session, app| {
        session.undo().map_err(session_error)?;
        Ok(Json(game_view(session, app.is_thinking())))
    })
    .await
}

async fn redo(State(app): State<AppState>) -> ApiResult<Json<GameView>> {
    app.stop_thinking();
    app.with_session(move |session, app| {
        session.redo().map_err(session_error)?;
        Ok(Json(game_view(session, app.is_thinking())))
    })
    .await
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PlayersRequest {
    x: Option<String>,
    o: Option<String>,
}

async fn set_players(
    State(app): State<AppState>,
    Body(req): Body<PlayersRequest>,
) -> ApiResult<Json<GameView>> {
    let x = req.x.as_deref().map(Side::parse).transpose().map_err(bad)?;
    let o = req.o.as_deref().map(Side::parse).transpose().map_err(bad)?;
    app.with_session(move |session, app| {
        let [old_x, old_o] = session.sides();
        session
            .set_sides([x.unwrap_or(old_x), o.unwrap_or(old_o)])
            .map_err(session_error)?;
        Ok(Json(game_view(session, app.is_thinking())))
    })
    .await
}

/// `POST .../cpu` and `.../hint`: optional level and time limit, and the
/// game the request is for (its `id`): a page still showing an earlier game
/// must not have the computer move in the new one.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ThinkRequest {
    level: Option<String>,
    ms: Option<u64>,
    game: Option<i64>,
}

impl ThinkRequest {
    fn level(&self) -> ApiResult<Option<Level>> {
        self.level
            .as_deref()
            .map(Level::parse)
            .transpose()
            .map_err(bad)
    }

    fn millis(&self, level: Level) -> u64 {
        let default = match level {
            Level::Random | Level::Seed | Level::Easy => 500,
            Level::Medium => 1500,
            Level::Hard => 3000,
            Level::Perfect => 10_000,
        };
        self.ms.unwrap_or(default).clamp(1, MAX_THINK_MS)
    }
}

/// Refuses a request naming (by `id`) a game other than the one in progress.
fn check_game(game: Option<i64>, session: &Session) -> ApiResult<()> {
    match game {
        Some(id) if id != session.record().created_ms => Err(ApiError::conflict(
            "this request was for another game: a new game has started",
        )),
        _ => Ok(()),
    }
}

/// A move chosen by the engine.
#[derive(Serialize)]
struct ChoiceView {
    #[serde(rename = "move")]
    cell: String,
    reason: String,
}

/// The answer to `POST .../cpu`: the game, with the move played or `stopped`.
#[derive(Serialize)]
struct CpuAnswer {
    #[serde(flatten)]
    game: GameView,
    played: Option<ChoiceView>,
    stopped: bool,
}

/// Runs a search on a blocking thread under a deadline and the server's
/// stop flag; `Ok(None)` when stopped.
async fn think(app: &AppState, search: Search, ms: u64) -> ApiResult<Option<hypertac_ai::Choice>> {
    let thinking = app.begin_thinking()?;
    let budget = Budget {
        deadline: Some(Instant::now() + Duration::from_millis(ms)),
        stop: Some(thinking.flag()),
    };
    let task = tokio::task::spawn_blocking(move || search.run(&budget));
    let result = task.await;
    let stopped = thinking.stopped();
    drop(thinking);
    let choice = result.map_err(|e| ApiError::internal(format!("the search failed: {e}")))?;
    if stopped {
        return Ok(None);
    }
    choice
        .map(Some)
        .ok_or_else(|| ApiError::conflict("the game is over"))
}

async fn cpu(
    State(app): State<AppState>,
    Body(req): Body<ThinkRequest>,
) -> ApiResult<Json<CpuAnswer>> {
    let (asked, game) = (req.level()?, req.game);
    let search = app
        .with_session(move |session, _| {
            check_game(game, session)?;
            let pos = session.position();
            if pos.is_over() {
                return Err(ApiError::conflict("the game is over"));
            }
            let mover = pos.to_move();
            let level = asked
                .or_else(|| session.side(mover).level())
                .ok_or_else(|| {
                    ApiError::conflict(format!(
                        "{mover} is played by a person: ask with a level (\"level\": \"hard\") to have the computer move for {mover}"
                    ))
                })?;
            Ok(Search {
                position: pos.clone(),
                level,
                seed: pos.hash(),
            })
        })
        .await?;
    let ms = req.millis(search.level);
    let before = search.position.hash();
    let moves_before = search.position.moves().len();
    let choice = think(&app, search, ms).await?;
    app.with_session(move |session, app| {
        let played = match &choice {
            Some(choice) => {
                let pos = session.position();
                if pos.hash() != before || pos.moves().len() != moves_before {
                    return Err(ApiError::conflict(
                        "the game changed while the computer was thinking",
                    ));
                }
                let mover = pos.to_move();
                session.play(choice.cell).map_err(session_error)?;
                Some(ChoiceView {
                    cell: notation::format_cell(session.rules().shape(), choice.cell),
                    reason: crate::words::reason(mover, &choice.reason),
                })
            }
            None => None,
        };
        Ok(Json(CpuAnswer {
            stopped: played.is_none(),
            played,
            game: game_view(session, app.is_thinking()),
        }))
    })
    .await
}

#[derive(Serialize)]
struct HintAnswer {
    #[serde(rename = "move")]
    cell: Option<String>,
    reason: String,
    stopped: bool,
}

async fn hint(
    State(app): State<AppState>,
    Body(req): Body<ThinkRequest>,
) -> ApiResult<Json<HintAnswer>> {
    let (asked, game) = (req.level()?, req.game);
    let search = app
        .with_session(move |session, _| {
            check_game(game, session)?;
            if session.position().is_over() {
                return Err(ApiError::conflict("the game is over"));
            }
            let mut search = session.hint_search();
            if let Some(level) = asked {
                search.level = level;
            }
            Ok(search)
        })
        .await?;
    let shape = search.position.rules().shape().clone();
    let mover = search.position.to_move();
    let ms = req.millis(search.level);
    let choice = think(&app, search, ms).await?;
    Ok(Json(match choice {
        Some(c) => HintAnswer {
            cell: Some(notation::format_cell(&shape, c.cell)),
            reason: crate::words::reason(mover, &c.reason),
            stopped: false,
        },
        None => HintAnswer {
            cell: None,
            reason: String::new(),
            stopped: true,
        },
    }))
}

#[derive(Serialize)]
struct StopAnswer {
    stopped: bool,
}

async fn stop(State(app): State<AppState>) -> Json<StopAnswer> {
    Json(StopAnswer {
        stopped: app.stop_thinking(),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinesQuery {
    cell: String,
}

#[derive(Serialize)]
struct LinesAnswer {
    cell: String,
    lines: Vec<Vec<String>>,
}

/// Largest number of lines sent for one cell.
const LINES_LIMIT: usize = 2000;

async fn lines(
    State(app): State<AppState>,
    Params(q): Params<LinesQuery>,
) -> ApiResult<Json<LinesAnswer>> {
    app.with_session(move |session, _| {
        let pos = session.position();
        let shape = pos.rules().shape();
        let cell = notation::parse_cell(shape, &q.cell).map_err(bad)?;
        let lines = lines::lines_through_up_to(pos.rules(), cell, LINES_LIMIT)
            .iter()
            .map(|l| line_text(shape, l))
            .collect();
        Ok(Json(LinesAnswer {
            cell: notation::format_cell(shape, cell),
            lines,
        }))
    })
    .await
}

/// `GET /api/analyze`: Connect Four's solver scores for `game=connect4&pos=4453`
/// (`analysis.rs`), else every move's value (`values.rs`).
async fn analyze(
    State(app): State<AppState>,
    Params(q): Params<ValuesQuery>,
) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    if q.moves.is_none() && (q.pos.is_some() || q.game.as_deref() == Some("connect4")) {
        if let Some(game) = q.game.as_deref() {
            if game != "connect4" {
                return Err(bad(format!(
                    "pos= is a Connect Four column string: use moves= for game={game:?}"
                )));
            }
        }
        let pos = q.pos.unwrap_or_default();
        return app
            .analyzer()
            .analyze(&pos)
            .await
            .map(|a| Json(a).into_response());
    }
    if q.pos.is_some() {
        return Err(bad("give either moves or pos, not both"));
    }
    app.values()
        .answer(q)
        .await
        .map(|a| Json(a).into_response())
}

/// `GET /api/review`: a game move by move with each position's value.
async fn review(
    State(app): State<AppState>,
    Params(q): Params<ValuesQuery>,
) -> ApiResult<Json<crate::analyze::view::ReviewView>> {
    if q.pos.is_some() {
        return Err(bad("a review takes moves=, not pos="));
    }
    app.values().review(q).await.map(Json)
}
